package io.engram.instructions;

import io.engram.fs.ErrorText;
import io.engram.instructions.LoadWarning.Kind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * Reads one candidate instruction file defensively: every way a file can be bad becomes a
 * {@link Failed} with a reason, never an exception.
 */
final class FileReading {
  private FileReading() {}

  /** The outcome of reading one path. */
  sealed interface Outcome permits Absent, Read, Failed, Refused {}

  /** Nothing at this path (not even a dangling link): the normal case for most candidates. */
  record Absent() implements Outcome {}

  /** The file's text, and its real path (symbolic links resolved) for de-duplication. */
  record Read(Path realPath, String content) implements Outcome {}

  /** The path exists but cannot be used. */
  record Failed(Kind kind, String message) implements Outcome {}

  /** The path resolves to a file the caller does not admit (a real path outside where it may read): not read. */
  record Refused(Path realPath) implements Outcome {}

  static Outcome read(Path path) {
    return read(path, real -> true);
  }

  /**
   * Reads {@code path} when {@code admit} accepts its real path, decided before a byte of the file is read: a file
   * outside where the caller may read is not pulled into memory at all.
   */
  static Outcome read(Path path, Predicate<Path> admit) {
    if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      return new Absent();
    }
    Path real;
    try {
      real = path.toRealPath();
    } catch (NoSuchFileException e) {
      return new Failed(Kind.BROKEN_LINK, path + ": symbolic link to a file that does not exist");
    } catch (FileSystemException e) {
      if (isLoop(e)) {
        return new Failed(Kind.SYMLINK_LOOP, path + ": symbolic link loop");
      }
      return new Failed(Kind.UNREADABLE, path + ": cannot resolve (" + ErrorText.reason(e) + ")");
    } catch (IOException e) {
      return new Failed(Kind.UNREADABLE, path + ": cannot resolve (" + ErrorText.reason(e) + ")");
    }
    if (!admit.test(real)) {
      return new Refused(real);
    }
    if (!Files.isRegularFile(real)) {
      return new Failed(Kind.NOT_A_FILE, path + ": not a regular file");
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(real);
    } catch (AccessDeniedException e) {
      return new Failed(Kind.UNREADABLE, path + ": permission denied");
    } catch (IOException e) {
      return new Failed(Kind.UNREADABLE, path + ": cannot read (" + ErrorText.reason(e) + ")");
    }
    return decode(path, real, bytes);
  }

  private static Outcome decode(Path path, Path real, byte[] bytes) {
    for (byte b : bytes) {
      if (b == 0) {
        return new Failed(Kind.BINARY, path + ": binary file (contains NUL bytes), skipped");
      }
    }
    try {
      String text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
      return new Read(real, text.startsWith("\uFEFF") ? text.substring(1) : text);
    } catch (CharacterCodingException e) {
      return new Failed(Kind.NOT_UTF8, path + ": not valid UTF-8, skipped");
    }
  }

  private static boolean isLoop(FileSystemException e) {
    String why = String.valueOf(e.getReason()).toLowerCase(java.util.Locale.ROOT);
    return why.contains("levels of symbolic links") || why.contains("loop");
  }
}
