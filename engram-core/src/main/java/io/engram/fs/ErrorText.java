package io.engram.fs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.util.List;
import java.util.Map;

/**
 * The one line a person reads for a failure: what went wrong and where. The JDK's file-system exceptions carry the
 * path as their whole message and keep what happened in their type ({@code AccessDeniedException: /a/b.md} says
 * "/a/b.md"), so a command or a hook that printed {@code getMessage()} named a file and not what was wrong with it;
 * here the type says it in words ("/a/b.md: permission denied").
 */
public final class ErrorText {
  // What each file-system failure the JDK throws without a reason means, in the words of the C library's messages.
  private static final List<Map.Entry<Class<? extends FileSystemException>, String>> KINDS = List.of(
      Map.entry(AccessDeniedException.class, "permission denied"),
      Map.entry(NoSuchFileException.class, "no such file or directory"),
      Map.entry(FileAlreadyExistsException.class, "already exists"),
      Map.entry(NotDirectoryException.class, "not a directory"),
      Map.entry(DirectoryNotEmptyException.class, "directory not empty"),
      Map.entry(NotLinkException.class, "not a symbolic link"),
      Map.entry(FileSystemLoopException.class, "a loop of symbolic links"));

  private ErrorText() {}

  /**
   * {@code e} as one line: a file-system failure as {@code path: reason}, an unchecked wrapper of one as the failure
   * it wraps, anything else its message, or its type when it has none.
   */
  public static String of(Throwable e) {
    if (e instanceof FileSystemException f) {
      return f.getReason() != null ? f.getMessage() : f.getMessage() + ": " + reason(f);
    }
    // new UncheckedIOException(cause) has the cause's toString as its message, the JDK class name first.
    if (e instanceof UncheckedIOException u && u.getCause() != null
        && (u.getMessage() == null || u.getMessage().equals(u.getCause().toString()))) {
      return of(u.getCause());
    }
    return e.getMessage() == null || e.getMessage().isBlank() ? e.toString() : e.getMessage();
  }

  /** What happened to the file of {@code e}, without its path: "permission denied", "no such file or directory". */
  public static String reason(IOException e) {
    if (e instanceof FileSystemException f) {
      if (f.getReason() != null) {
        return f.getReason();
      }
      for (Map.Entry<Class<? extends FileSystemException>, String> kind : KINDS) {
        if (kind.getKey().isInstance(f)) {
          return kind.getValue();
        }
      }
      return "cannot be used (" + f.getClass().getSimpleName() + ")";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
