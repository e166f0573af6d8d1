package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LeftoversTest {
  @TempDir Path home;
  @TempDir Path project;

  private ProjectMemory open() throws Exception {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    return MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC());
  }

  private static long deadPid() {
    return LongStream.range(4_190_000, 4_194_000).filter(p -> ProcessHandle.of(p).isEmpty()).findFirst()
        .orElseThrow();
  }

  @Test
  void leftoversOfADeadWriterAreClearedWhenTheStoreIsNextOpenedAndReportedOnce() throws Exception {
    ProjectMemory first = open();
    first.write(Memory.of("kept", MemoryType.PROJECT, "d", "kept body\n"));
    Path dir = first.location().projectDir();
    long dead = deadPid();
    String staged = MemoryFormat.format(Memory.of("never landed", MemoryType.PROJECT, "lost write", "the body\n"));
    Path staging = Files.writeString(dir.resolve(".staging-p" + dead + "-0d5c.md"), staged);
    Path temp = Files.writeString(dir.resolve(".MEMORY.md.p" + dead + "-8812.tmp"), "- [half");
    // This process is alive and wrote its file just now: a live writer's file is left alone.
    Path live = Files.writeString(dir.resolve(Leftovers.stagingName("live")), staged);

    ProjectMemory reopened = open();
    assertThat(reopened.leftovers()).extracting(Leftover::found).containsExactlyInAnyOrder(staging, temp);
    assertThat(reopened.leftovers()).extracting(Leftover::describe)
        .anyMatch(l -> l.startsWith("moved .staging-p" + dead) && l.contains(".trash"))
        .anyMatch(l -> l.startsWith("deleted " + temp));
    assertThat(staging).doesNotExist();
    assertThat(temp).doesNotExist();
    assertThat(live).exists();
    assertThat(open().leftovers()).isEmpty();
    // The staged memory whose write never landed can be brought back.
    assertThat(reopened.restore("never landed").memory().body()).isEqualTo("the body\n");
    assertThat(reopened.read("kept")).isPresent();
    Files.delete(live);
  }

  @Test
  void aLeftoverOlderThanAnyWriteIsClearedWhateverItsName() throws Exception {
    ProjectMemory first = open();
    first.write(Memory.of("kept", MemoryType.PROJECT, "d", "b\n"));
    Path dir = first.location().projectDir();
    Path old = Files.writeString(dir.resolve(".staging-0d5c1f.md"), "half");
    Path oldTemp = Files.writeString(dir.resolve(".kept.md.8812.tmp"), "half");
    Path ownOld = Files.writeString(dir.resolve(Leftovers.stagingName("old")), "half");
    Path youngLegacy = Files.writeString(dir.resolve(".staging-young.md"), "in progress");
    FileTime longAgo = FileTime.from(Instant.now().minus(Leftovers.ABANDONED).minus(Duration.ofMinutes(5)));
    for (Path p : new Path[] {old, oldTemp, ownOld}) {
      Files.setLastModifiedTime(p, longAgo);
    }
    assertThat(open().leftovers()).extracting(Leftover::found).containsExactlyInAnyOrder(old, oldTemp, ownOld);
    assertThat(youngLegacy).exists();
  }

  @Test
  void theWritersProcessIdIsReadOnlyFromItsMarkedPlace() {
    assertThat(Leftovers.pidOf(".staging-p4242-0d5c.md")).hasValue(4242);
    assertThat(Leftovers.pidOf(".MEMORY.md.p4242-8812.tmp")).hasValue(4242);
    // An older name whose random part happens to start with digits carries no process id.
    assertThat(Leftovers.pidOf(".staging-12345678-abcd.md")).isEmpty();
    assertThat(Leftovers.pidOf(".MEMORY.md.8812.tmp")).isEmpty();
  }
}
