package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.MemorySettings;
import io.engram.memory.DirectoryStoreTest.MutableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryHistoryTest {
  private static final Instant T0 = Instant.parse("2026-05-01T09:00:00Z");

  @TempDir Path tmp;
  private final MutableClock clock = new MutableClock(T0);

  private ProjectMemory open(MemorySettings memory) throws Exception {
    Files.createDirectories(tmp.resolve("project"));
    EngramSettings d = EngramSettings.DEFAULTS;
    EngramSettings settings = new EngramSettings(d.instructions(), memory, d.notes(), d.extraction(), d.dream(),
        d.recall(), d.context(), d.compaction(), d.model(), d.governor(), d.hooks(), d.service(), d.team());
    return MemoryStores.open(new EngramRoots(tmp.resolve("home"), tmp.resolve("user"), tmp.resolve("project")),
        settings, clock);
  }

  private ProjectMemory open() throws Exception {
    return open(MemorySettings.DEFAULTS);
  }

  private static MemorySettings bounded(int versions, int bytes) {
    MemorySettings d = MemorySettings.DEFAULTS;
    // Built whole: a history of 3,000 bytes is below the declared least, which with() checks.
    return new MemorySettings(d.layout(), d.claudeHome(), d.isolateWorktrees(), d.indexMaxLines(),
        d.indexMaxBytes(), d.indexMaxLineBytes(), d.indexMaxReadBytes(), d.maxTopicBytes(), d.maxMemoryBytes(), d.trashRetentionDays(),
        versions, bytes, d.review(), d.rejectedKept());
  }

  @Test
  void everyChangeKeepsAVersionWithWhenWhatAndWhoMadeIt() throws Exception {
    ProjectMemory memory = open();
    memory.write(Memory.of("uses-gradle", MemoryType.PROJECT, "the build", "Gradle 8.\n"), ChangedBy.CLI);
    clock.advance(Duration.ofMinutes(5));
    memory.write(Memory.of("uses-gradle", MemoryType.PROJECT, "the build", "Gradle 9.\n"), ChangedBy.UI);
    clock.advance(Duration.ofMinutes(5));
    memory.forget("uses-gradle", ChangedBy.MCP);
    memory.restore("uses-gradle", ChangedBy.CLI);

    List<MemoryVersion> versions = memory.history("uses-gradle");
    assertThat(versions).extracting(MemoryVersion::number).containsExactly(1, 2, 3, 4);
    assertThat(versions).extracting(MemoryVersion::by)
        .containsExactly(ChangedBy.CLI, ChangedBy.UI, ChangedBy.MCP, ChangedBy.CLI);
    assertThat(versions).extracting(MemoryVersion::change).containsExactly(MemoryVersion.Change.CREATED,
        MemoryVersion.Change.EDITED, MemoryVersion.Change.FORGOTTEN, MemoryVersion.Change.RESTORED);
    assertThat(versions.get(0).text()).contains("Gradle 8.").doesNotContain("Gradle 9.");
    assertThat(versions.get(1).text()).contains("Gradle 9.");
    assertThat(versions.get(1).at()).isEqualTo(T0.plus(Duration.ofMinutes(5)));
    assertThat(versions.get(3).text()).isEqualTo(Files.readString(memory.read("uses-gradle").orElseThrow().path()));
    assertThat(memory.history("never-written")).isEmpty();
    assertThat(memory.history("../../etc/passwd")).as("a name no memory can have").isEmpty();
  }

  @Test
  void aFileChangedOutsideEngramIsKeptAsAFoundVersionBeforeTheNextWrite() throws Exception {
    ProjectMemory memory = open();
    Path file = memory.write(Memory.of("style", MemoryType.FEEDBACK, "code style", "Tabs.\n"), ChangedBy.CLI)
        .stored().path();
    String byHand = Files.readString(file).replace("Tabs.", "Spaces, by hand.");
    Files.writeString(file, byHand);
    memory.write(Memory.of("style", MemoryType.FEEDBACK, "code style", "Two spaces.\n"), ChangedBy.EXTRACTION);

    List<MemoryVersion> versions = memory.history("style");
    assertThat(versions).extracting(MemoryVersion::by)
        .containsExactly(ChangedBy.CLI, ChangedBy.OUTSIDE, ChangedBy.EXTRACTION);
    assertThat(versions.get(1).change()).isEqualTo(MemoryVersion.Change.FOUND);
    assertThat(versions.get(1).text()).isEqualTo(byHand);
  }

  @Test
  void recallMarksAndWritesThatChangeNothingRecordNoVersion() throws Exception {
    ProjectMemory memory = open();
    memory.write(Memory.of("style", MemoryType.FEEDBACK, "code style", "Tabs.\n"), ChangedBy.CLI);
    clock.advance(Duration.ofHours(1));
    memory.markRecalled(List.of("style"), clock.instant());
    clock.advance(Duration.ofHours(1));
    memory.write(Memory.of("style", MemoryType.FEEDBACK, "code style", "Tabs.\n"), ChangedBy.EXTRACTION);

    assertThat(memory.history("style")).extracting(MemoryVersion::by).containsExactly(ChangedBy.CLI);
  }

  @Test
  void secretsNeverReachTheHistoryEvenInAFileWrittenOutsideEngram() throws Exception {
    ProjectMemory memory = open();
    String token = "ghp_" + "a1B2".repeat(9);
    Path file = memory.write(Memory.of("deploy", MemoryType.PROJECT, "deploys", "Use token " + token + "\n"),
        ChangedBy.MCP).stored().path();
    Files.writeString(file, Files.readString(file) + "Also AKIAABCDEFGHIJKLMNOP.\n");
    memory.write(Memory.of("deploy", MemoryType.PROJECT, "deploys", "Ask ops.\n"), ChangedBy.CLI);

    String all;
    try (var files = Files.walk(memory.location().projectDir().resolve(MemoryHistory.DIR))) {
      all = files.filter(Files::isRegularFile).map(p -> {
        try {
          return Files.readString(p);
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).reduce("", String::concat);
    }
    assertThat(all).contains("Ask ops.").doesNotContain(token, "AKIAABCDEFGHIJKLMNOP");
    assertThat(memory.history("deploy")).hasSize(3);
  }

  @Test
  void aMemoryKeepsItsNewestVersionsAndTheStoreDropsTheHistoriesChangedLongestAgo() throws Exception {
    ProjectMemory memory = open(bounded(3, 3_000));
    for (int i = 1; i <= 6; i++) {
      memory.write(Memory.of("counter", MemoryType.PROJECT, "a count", "Count " + i + ".\n"), ChangedBy.CLI);
    }
    assertThat(memory.history("counter")).extracting(MemoryVersion::number).containsExactly(4, 5, 6);

    for (int i = 1; i <= 6; i++) {
      clock.advance(Duration.ofMinutes(1));
      memory.write(Memory.of("other-" + i, MemoryType.PROJECT, "another", "Words " + "x".repeat(300) + "\n"),
          ChangedBy.CLI);
    }
    Path dir = memory.location().projectDir().resolve(MemoryHistory.DIR);
    long total;
    try (var files = Files.list(dir)) {
      total = files.mapToLong(p -> p.toFile().length()).sum();
    }
    assertThat(total).isLessThanOrEqualTo(3_000);
    assertThat(memory.history("other-6")).hasSize(1);
    assertThat(memory.history("counter")).as("changed longest ago, dropped first").isEmpty();
  }

  @Test
  void aTornLastLineIsLeftOutAndAHistoryDamagedByHandNeverBlocksAWrite() throws Exception {
    ProjectMemory memory = open();
    memory.write(Memory.of("style", MemoryType.FEEDBACK, "code style", "Tabs.\n"), ChangedBy.CLI);
    Path file = memory.location().projectDir().resolve(MemoryHistory.DIR).resolve("style.jsonl");
    Files.writeString(file, Files.readString(file) + "{\"v\":2,\"at\":");
    assertThat(memory.history("style")).hasSize(1);

    Files.writeString(file, Files.readString(file) + "not json\n");
    assertThatThrownBy(() -> memory.history("style")).hasMessageContaining(file + ":2");
    memory.write(Memory.of("style", MemoryType.FEEDBACK, "code style", "Spaces.\n"), ChangedBy.UI);
    assertThat(memory.history("style")).extracting(MemoryVersion::by).containsExactly(ChangedBy.OUTSIDE, ChangedBy.UI);
    assertThat(file.resolveSibling("style.jsonl.damaged")).exists();
  }
}
