package io.engram.memory;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Files a killed writer left in a memory directory: {@code .staging-<pid>-<uuid>.md} (a topic file staged
 * before the store's lock) and {@code .<file>.<pid>-<random>.tmp} (an atomic write's temporary file).
 *
 * <p>The process id is written {@code p<pid>}. A leftover belongs to no live writer when the process its name carries is gone, or is a newer
 * process that reused the id (it started after the file was last written); a name without a process id
 * (an older Engram) or with a live one counts as abandoned once it is older than {@link #ABANDONED}, far
 * longer than any write takes. A staging file holds a whole memory whose write may never have landed, so
 * it is moved to {@code .trash/} (restorable, purged with the trash); a temporary file is a partial copy
 * of a file whose previous version is intact, so it is deleted.
 */
final class Leftovers {
  /** Age after which a leftover whose writer cannot be ruled out alive is abandoned anyway. */
  static final Duration ABANDONED = Duration.ofHours(1);

  static final String STAGING_PREFIX = ".staging-";

  /** Marks the process id in a leftover's name, so that an older name's digits are never taken for one. */
  static final String PID_MARK = "p";
  // A process id is a long: a longer run of digits after the mark than Long.MAX_VALUE has is no process id.
  private static final int MAX_PID_DIGITS = String.valueOf(Long.MAX_VALUE).length();

  private Leftovers() {}

  /** The name of a new staging file written by this process. */
  static String stagingName(String uuid) {
    return STAGING_PREFIX + PID_MARK + ProcessHandle.current().pid() + "-" + uuid + ".md";
  }

  /** Moves abandoned staging files of {@code dir} to {@code trash} and deletes abandoned temporary files. */
  static List<Leftover> sweep(Path dir, Trash trash, Clock clock) throws IOException {
    List<Leftover> swept = new ArrayList<>();
    Instant now = clock.instant();
    for (Path f : candidates(dir)) {
      try {
        if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) || !abandoned(f, now)) {
          continue;
        }
        if (f.getFileName().toString().startsWith(STAGING_PREFIX)) {
          swept.add(new Leftover(f, Optional.of(trash.put(f, "", trashName(f)))));
        } else {
          Files.delete(f);
          swept.add(new Leftover(f, Optional.empty()));
        }
      } catch (NoSuchFileException e) {
        // Its writer finished, or another process swept it first.
      }
    }
    return swept;
  }

  /** The staging and temporary files in {@code dir}, live or not, in name order; cheap (one listing). */
  static List<Path> candidates(Path dir) throws IOException {
    List<Path> candidates = new ArrayList<>();
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return candidates;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, ".*")) {
      for (Path f : files) {
        String n = f.getFileName().toString();
        if ((n.startsWith(STAGING_PREFIX) && n.endsWith(".md")) || n.endsWith(".tmp")) {
          candidates.add(f);
        }
      }
    }
    candidates.sort(null);
    return candidates;
  }

  // Trashed under the file name of the memory it holds, so that 'engram restore' can bring it back.
  private static String trashName(Path staging) {
    try {
      return MemoryNames.fileName(MemoryFormat.read(staging, Long.MAX_VALUE).name());
    } catch (IOException | RuntimeException e) {
      return "leftover-" + staging.getFileName().toString().substring(STAGING_PREFIX.length());
    }
  }

  private static boolean abandoned(Path f, Instant now) throws IOException {
    Instant written = Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).toInstant();
    if (written.isBefore(now.minus(ABANDONED))) {
      return true;
    }
    OptionalLong pid = pidOf(f.getFileName().toString());
    if (pid.isEmpty()) {
      return false;
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid.getAsLong());
    if (process.isEmpty() || !process.get().isAlive()) {
      return true;
    }
    // A live process that started after the file was written cannot have written it (the id was reused).
    return process.get().info().startInstant().map(started -> started.isAfter(written.plusSeconds(1))).orElse(false);
  }

  /** The process id in {@code .staging-<pid>-<uuid>.md} or {@code .<file>.<pid>-<random>.tmp}. */
  static OptionalLong pidOf(String name) {
    String core;
    if (name.startsWith(STAGING_PREFIX)) {
      core = name.substring(STAGING_PREFIX.length());
    } else {
      int dot = name.lastIndexOf('.', name.length() - ".tmp".length() - 1);
      if (dot < 0) {
        return OptionalLong.empty();
      }
      core = name.substring(dot + 1);
    }
    int dash = core.indexOf('-');
    if (!core.startsWith(PID_MARK) || dash <= PID_MARK.length() || dash > PID_MARK.length() + MAX_PID_DIGITS) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(core.substring(PID_MARK.length(), dash)));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }
}
