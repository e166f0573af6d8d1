package io.engram.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * Writes files so that a reader, or a crash, sees either the old content or the new, never a torn one.
 *
 * <p>The bytes go to a temporary file in the same directory, which is forced to disk and then renamed
 * over the target; the directory is forced too where the platform allows, so the rename survives a
 * power loss. A file that is replaced keeps its permissions (a new one gets the temporary file's:
 * readable by its owner only); a file nobody may write is refused, not replaced. Callers that read-modify-write
 * must also hold a {@link FileLock}.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Atomically replaces {@code target} with UTF-8 {@code text}, creating parent directories. */
  public static void writeString(Path target, String text) throws IOException {
    write(target, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Atomically replaces {@code target} with {@code bytes}, creating parent directories. */
  public static void write(Path target, byte[] bytes) throws IOException {
    replace(target, temp -> fillWith(temp, bytes, true), true);
  }

  /**
   * Atomically replaces {@code target} with UTF-8 {@code text} as {@link #writeString(Path, String)} does, but
   * without forcing anything to disk: readers and a killed process still see the old content or the new, only a
   * power loss before the caller's {@link #force} may lose it. For small state a caller forces after it has
   * answered (a hook's session state), where two syncs would cost more than the rest of the answer.
   */
  public static void writeStringUnforced(Path target, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    replace(target, temp -> fillWith(temp, bytes, false), true, false);
  }

  /** Forces {@code file} and its directory to disk (what {@link #writeStringUnforced} left to the caller). */
  public static void force(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.force(true);
    } catch (NoSuchFileException e) {
      // replaced or removed since: whoever did that forced their own write
    }
    forceDirectory(file.toAbsolutePath().getParent());
  }

  /**
   * Atomically replaces {@code target} with UTF-8 {@code text} that has {@code permissions} from the moment
   * it appears (an executable script is never seen without its execute bit); where the file system has no
   * POSIX permissions they are not set.
   */
  public static void writeString(Path target, String text, Set<PosixFilePermission> permissions) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    replace(target, temp -> {
      fillWith(temp, bytes, true);
      PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
      if (view != null) {
        view.setPermissions(permissions);
      }
    }, false);
  }

  /** Atomically replaces {@code target} with a copy of {@code source}, streamed, creating parent directories. */
  public static void copy(Path source, Path target) throws IOException {
    replace(target, temp -> {
      try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
          FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        long size = in.size();
        long done = 0;
        while (done < size) {
          long n = in.transferTo(done, size - done, out);
          if (n <= 0) {
            throw new IOException(source + " shrank while it was being copied");
          }
          done += n;
        }
        out.force(true);
      }
    }, true);
  }

  private static void fillWith(Path temp, byte[] bytes, boolean force) throws IOException {
    try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      if (force) {
        channel.force(true);
      }
    }
  }

  @FunctionalInterface
  private interface Fill {
    void into(Path temp) throws IOException;
  }

  private static void replace(Path target, Fill fill, boolean keepMode) throws IOException {
    replace(target, fill, keepMode, true);
  }

  private static void replace(Path target, Fill fill, boolean keepMode, boolean force) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    refuseReadOnly(target);
    Path temp = temporaryBeside(target, dir);
    try {
      fill.into(temp);
      if (keepMode) {
        keepPermissions(target, temp);
      }
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      if (force) {
        forceDirectory(dir);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * A new temporary file in {@code dir} for {@code target}. When none can be made, the failure names the directory
   * and the file to be written: the temporary file's name (".x.md.p123-456.tmp") means nothing to a person, and the
   * directory is what they can set right.
   */
  static Path temporaryBeside(Path target, Path dir) throws IOException {
    try {
      // The writer's process id (after 'p') in the name tells a later open whether the writer may still be alive.
      return Files.createTempFile(dir, "." + target.getFileName() + ".p" + ProcessHandle.current().pid() + "-",
          ".tmp");
    } catch (FileSystemException e) {
      String why = "cannot write " + target.getFileName() + " here: " + ErrorText.reason(e);
      FileSystemException said = e instanceof AccessDeniedException ? new AccessDeniedException(dir.toString(), null,
          why) : new FileSystemException(dir.toString(), null, why);
      said.initCause(e);
      throw said;
    }
  }

  /*
   * A rename replaces a file whatever its mode, since only the folder's mode is asked: a file its owner made read-only
   * (or another user's file in a shared folder) would change under them. Such a file is refused and left as it is. The
   * mode's write bits are read as well as access(2), which grants root every file.
   */
  private static void refuseReadOnly(Path target) throws IOException {
    if (!Files.isRegularFile(target)) {
      return;
    }
    boolean writable = Files.isWritable(target);
    PosixFileAttributeView view = Files.getFileAttributeView(target, PosixFileAttributeView.class);
    if (writable && view != null) {
      Set<PosixFilePermission> mode = view.readAttributes().permissions();
      writable = mode.contains(PosixFilePermission.OWNER_WRITE) || mode.contains(PosixFilePermission.GROUP_WRITE)
          || mode.contains(PosixFilePermission.OTHERS_WRITE);
    }
    if (!writable) {
      throw new AccessDeniedException(target.toString(), null, "read-only, left unchanged");
    }
  }

  // A replaced file keeps its mode: a settings file someone made group-readable stays so.
  static void keepPermissions(Path target, Path temp) throws IOException {
    PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
    if (view == null) {
      return;
    }
    try {
      view.setPermissions(Files.getPosixFilePermissions(target));
    } catch (NoSuchFileException e) {
      // A new file: the temporary file's owner-only mode stands.
    }
  }

  /** Forces a directory's entries to disk; a no-op where the platform cannot open directories. */
  public static void forceDirectory(Path dir) {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // Some platforms (Windows) cannot open a directory; the rename is still atomic there.
    }
  }
}
