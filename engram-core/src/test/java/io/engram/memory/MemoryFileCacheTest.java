package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryFileCacheTest {
  @TempDir Path tmp;
  private final Clock clock = Clock.fixed(Instant.parse("2026-05-01T00:00:00Z"), ZoneOffset.UTC);
  private final MemoryFileCache cache = new MemoryFileCache();

  private ProjectMemory open() throws Exception {
    Files.createDirectories(tmp.resolve("project"));
    return MemoryStores.open(new EngramRoots(tmp.resolve("home"), tmp.resolve("user"), tmp.resolve("project")),
        EngramSettings.DEFAULTS, clock, MemoryWriteListener.NONE, cache);
  }

  private static Memory pnpm() {
    return Memory.of("build-tool", MemoryType.PROJECT, "Which build tool", "Use pnpm.\n");
  }

  @Test
  void aFileWhoseInodeTimeAndSizeAreUnchangedIsNotParsedAgainOnceItsTimeIsFinal() throws Exception {
    StoredMemory stored = open().write(pnpm()).stored();
    FileTime old = FileTime.from(Instant.now().minusSeconds(3600));
    Files.setLastModifiedTime(stored.path(), old);
    assertThat(open().list().memories()).extracting(m -> m.memory().body()).containsExactly("Use pnpm.\n");
    String text = Files.readString(stored.path());
    // Rewritten in place (same inode), same size, an old modification time put back: the cache cannot tell.
    Files.writeString(stored.path(), text.replace("Use pnpm.", "Use yarn."), StandardOpenOption.TRUNCATE_EXISTING);
    Files.setLastModifiedTime(stored.path(), old);

    assertThat(open().list().memories()).extracting(m -> m.memory().body()).containsExactly("Use pnpm.\n");
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void aFileRewrittenInPlaceWithinTheSameClockTickIsReadAgain() throws Exception {
    StoredMemory stored = open().write(pnpm()).stored();
    assertThat(open().list().memories()).extracting(m -> m.memory().body()).containsExactly("Use pnpm.\n");
    FileTime before = Files.getLastModifiedTime(stored.path());
    String text = Files.readString(stored.path());
    // Same inode, same size, and the same modification time, as a coarse file-system clock would leave it.
    Files.writeString(stored.path(), text.replace("Use pnpm.", "Use yarn."), StandardOpenOption.TRUNCATE_EXISTING);
    Files.setLastModifiedTime(stored.path(), before);

    assertThat(open().list().memories()).extracting(m -> m.memory().body()).containsExactly("Use yarn.\n");
    assertThat(open().read("build-tool")).map(m -> m.memory().body()).contains("Use yarn.\n");
  }

  @Test
  void aFileReplacedByAnotherProcessIsReadAgainEvenWithTheSameSizeAndTime() throws Exception {
    StoredMemory stored = open().write(pnpm()).stored();
    assertThat(open().read("build-tool")).map(m -> m.memory().body()).contains("Use pnpm.\n");
    FileTime before = Files.getLastModifiedTime(stored.path());
    // What an atomic write does: a new file renamed over the old one (a new inode).
    Path staged = stored.path().resolveSibling(".staged.tmp");
    Files.writeString(staged, Files.readString(stored.path()).replace("Use pnpm.", "Use yarn."));
    Files.setLastModifiedTime(staged, before);
    Files.move(staged, stored.path(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

    assertThat(open().read("build-tool")).map(m -> m.memory().body()).contains("Use yarn.\n");
    assertThat(open().list().memories()).extracting(m -> m.memory().body()).containsExactly("Use yarn.\n");
  }

  @Test
  void filesDeletedSinceAreForgottenAndEditedOnesSeen() throws Exception {
    ProjectMemory memory = open();
    memory.write(Memory.of("first", MemoryType.PROJECT, "First", "One.\n"));
    StoredMemory second = memory.write(Memory.of("second", MemoryType.PROJECT, "Second", "Two.\n")).stored();
    assertThat(open().list().memories()).hasSize(2);
    Files.delete(second.path());
    memory.write(Memory.of("first", MemoryType.PROJECT, "First", "One, edited.\n"));

    assertThat(open().list().memories()).extracting(m -> m.memory().body()).containsExactly("One, edited.\n");
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void anIndexLinePointingAtAMissingFileIsReportedAsTheIndexChangesOnDisk() throws Exception {
    ProjectMemory memory = open();
    StoredMemory stored = memory.write(pnpm()).stored();
    assertThat(open().list().problems()).isEmpty();
    Path index = stored.path().resolveSibling(MemoryIndex.FILE_NAME);
    Files.writeString(index, Files.readString(index) + "- [Gone](gone.md) — was here\n", StandardOpenOption.APPEND);
    assertThat(open().list().problems()).extracting(MemoryProblem::reason)
        .anyMatch(r -> r.endsWith("points at missing file gone.md"));
    Files.writeString(stored.path().resolveSibling("gone.md"), "not a memory, but there");
    assertThat(open().list().problems()).extracting(MemoryProblem::reason)
        .noneMatch(r -> r.contains("points at missing file"));
  }
}
