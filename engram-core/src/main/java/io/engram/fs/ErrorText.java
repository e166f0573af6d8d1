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

/**
 * The one line a person reads for a failure: what went wrong and where. The JDK's file-system exceptions carry the
 * path as their whole message and keep what happened in their type ({@code AccessDeniedException: /a/b.md} says
 * "/a/b.md"), so a command or a hook that printed {@code getMessage()} named a file and not what was wrong with it;
 * here the type says it in words ("/a/b.md: permission denied").
 */
public final class ErrorText {
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
      if (f instanceof AccessDeniedException) {
        return "permission denied";
      }
      if (f instanceof NoSuchFileException) {
        return "no such file or directory";
      }
      if (f instanceof FileAlreadyExistsException) {
        return "already exists";
      }
      if (f instanceof NotDirectoryException) {
        return "not a directory";
      }
      if (f instanceof DirectoryNotEmptyException) {
        return "directory not empty";
      }
      if (f instanceof NotLinkException) {
        return "not a symbolic link";
      }
      if (f instanceof FileSystemLoopException) {
        return "a loop of symbolic links";
      }
      return "cannot be used (" + f.getClass().getSimpleName() + ")";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
