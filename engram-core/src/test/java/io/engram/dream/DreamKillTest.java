package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import io.engram.testing.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dreams across processes: a held lock refuses, a killed dream is retried and loses nothing. */
class DreamKillTest {
  static final Instant MAY_1 = Instant.parse("2026-05-01T09:00:00Z");
  static final Instant MAY_10 = Instant.parse("2026-05-10T09:00:00Z");
  static final Instant PRIOR = Instant.parse("2026-04-01T00:00:00Z");

  @TempDir Path root;

  @Test
  void aDreamKilledWhileApplyingIsRetriedByTheNextRunAndNothingIsLost() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory("redis-for-tests", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first.", MAY_1);
    f.memory("redis-tests-again", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first. Flush it.",
        MAY_10);
    f.memory("package-manager", MemoryType.PROJECT, "The project uses npm for every script.", MAY_1);
    f.memory("package-manager-now", MemoryType.PROJECT, "The project switched to pnpm for every script.", MAY_10);
    f.memory("outage", MemoryType.PROJECT, "Staging went down yesterday.", MAY_10);
    Path dir = f.memoryDir();
    Path lockFile = dir.resolve(".consolidate-lock");
    Files.writeString(lockFile, "");
    Files.setLastModifiedTime(lockFile, java.nio.file.attribute.FileTime.from(PRIOR));
    Map<String, String> bodies = bodies(f);

    Path signal = root.resolve("applied-one");
    Process child = start(f, signal);
    try {
      waitFor(signal, child);
      // Killed after the merge (target written, duplicate trashed), before the supersession.
      assertThat(Files.readString(signal)).startsWith("merge redis-for-tests.md into redis-tests-again.md");
      assertThat(ConsolidationLock.status(dir, f.settings.dream(), DreamFixture.NOW)).isInstanceOf(LockStatus.Held.class);
      DreamResult refused = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
      assertThat(refused.outcome()).isEqualTo(DreamResult.Outcome.GATED);
      assertThat(refused.gates().closed()).containsExactly(Gate.LOCK);
      assertThatThrownBy(() -> f.dream().undo()).hasMessageContaining("a dream is running");
    } finally {
      child.destroyForcibly();
      child.waitFor(30, TimeUnit.SECONDS);
    }
    assertThat(ConsolidationLock.status(dir, f.settings.dream())).isInstanceOf(LockStatus.Stale.class);
    assertThat(f.dream().gates(false).lastConsolidation()).contains(PRIOR);
    everyMemoryIsKept(f, bodies);
    assertThat(new UndoJournal(dir).lastRunId()).as("the killed run stays undoable").isPresent();

    DreamResult retry = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(retry.outcome()).isEqualTo(DreamResult.Outcome.APPLIED);
    everyMemoryIsKept(f, bodies);
    assertThat(DreamTest.read(f, "package-manager").supersededBy()).contains("package-manager-now");
    assertThat(dir.resolve("redis-for-tests.md")).doesNotExist();
    assertThat(Files.getLastModifiedTime(lockFile).toInstant()).isEqualTo(DreamFixture.NOW);
    assertThat(ConsolidationLock.status(dir, f.settings.dream())).isInstanceOf(LockStatus.Free.class);
  }

  /** Every memory is a file (maybe superseded) or in the trash with its sentences kept by a surviving file. */
  private static void everyMemoryIsKept(DreamFixture f, Map<String, String> bodies) throws Exception {
    Map<String, String> now = bodies(f);
    String surviving = String.join("\n", now.values());
    List<String> trash = DreamFixture.trashed(f.memoryDir());
    bodies.forEach((name, body) -> {
      if (!now.containsKey(name)) {
        assertThat(trash).as(name + " in trash").anyMatch(t -> t.endsWith("--" + name + ".md"));
        for (String sentence : body.strip().split("(?<=\\.) ")) {
          assertThat(surviving).as("sentence of " + name).contains(sentence.strip());
        }
      }
    });
  }

  private DreamFixture seeded(Path at) throws Exception {
    DreamFixture f = new DreamFixture(at);
    f.memory("redis-for-tests", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first.", MAY_1);
    f.memory("redis-tests-again", MemoryType.FEEDBACK,
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first. Flush it.",
        MAY_10);
    f.memory("package-manager", MemoryType.PROJECT, "The project uses npm for every script.", MAY_1);
    f.memory("package-manager-now", MemoryType.PROJECT, "The project switched to pnpm for every script.", MAY_10);
    f.memory("outage", MemoryType.PROJECT, "Staging went down yesterday.", MAY_10);
    return f;
  }

  @Test
  void killedAfterAnyChangeTheIndexNamesOnlyFilesThatExistAndTheNextRunEndsWhereAWholeRunWould() throws Exception {
    DreamFixture whole = seeded(root.resolve("whole"));
    DreamResult reference = whole.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(reference.outcome()).isEqualTo(DreamResult.Outcome.APPLIED);
    Map<String, String> expected = DreamFixture.tree(whole.memoryDir(), false);
    int changes = reference.changes().size();
    assertThat(changes).isGreaterThan(2);
    for (int k = 1; k <= changes; k++) {
      DreamFixture f = seeded(root.resolve("killed-" + k));
      Path signal = root.resolve("signal-" + k);
      Process child = start(f, signal, k);
      try {
        waitFor(signal, child);
      } finally {
        child.destroyForcibly();
        child.waitFor(30, TimeUnit.SECONDS);
      }
      Path dir = f.memoryDir();
      int killedAt = k;
      for (String line : Files.readAllLines(dir.resolve(MemoryStores.INDEX_FILE))) {
        IndexPruner.target(line).ifPresent(target ->
            assertThat(dir.resolve(target)).as("killed after change " + killedAt + ": MEMORY.md names " + target).exists());
      }
      DreamResult retry = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
      assertThat(retry.outcome()).isEqualTo(DreamResult.Outcome.APPLIED);
      assertThat(retry.problems()).anyMatch(p -> p.contains("stopped while applying"));
      assertThat(DreamFixture.tree(dir, false)).as("after a kill at change " + k).isEqualTo(expected);
    }
  }

  @Test
  void aDreamKilledBetweenTheIndexAndTheTrashIsRolledBackWhenTheStoreIsNextOpened() throws Exception {
    DreamFixture f = seeded(root);
    Path dir = f.memoryDir();
    Map<String, String> before = DreamFixture.tree(dir, false);
    DreamResult whole = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    assertThat(whole.outcome()).isEqualTo(DreamResult.Outcome.APPLIED);
    // The state a kill leaves after MEMORY.md was written and before the merged-away files left for the trash:
    // those files are back in place (no longer named by the index) and the run is not marked complete.
    Map<String, String> after = DreamFixture.tree(dir, false);
    for (Map.Entry<String, String> e : before.entrySet()) {
      if (!after.containsKey(e.getKey())) {
        Files.writeString(dir.resolve(e.getKey()), e.getValue(), java.nio.charset.StandardCharsets.ISO_8859_1);
      }
    }
    String runId = whole.runId().orElseThrow();
    Path manifest = dir.resolve(UndoJournal.DIR).resolve(runId).resolve("manifest.json");
    Files.writeString(manifest, Files.readString(manifest).replace("\"complete\":true", "\"complete\":false"));
    assertThat(new UndoJournal(dir).interrupted()).contains(runId);
    assertThat(unindexed(dir)).as("the window this closes").isNotEmpty();

    assertThat(Dream.recoverInterrupted(f.roots, f.settings)).hasValueSatisfying(note ->
        assertThat(note).contains(runId).contains("put back"));

    assertThat(unindexed(dir)).isEmpty();
    assertThat(DreamFixture.tree(dir, false)).isEqualTo(before);
    assertThat(Dream.recoverInterrupted(f.roots, f.settings)).as("once only").isEmpty();
    assertThat(ConsolidationLock.status(dir, f.settings.dream()).free()).isTrue();
  }

  /** Topic files MEMORY.md does not name, and names it has without a file. */
  private static List<String> unindexed(Path dir) throws Exception {
    java.util.Set<String> named = new java.util.TreeSet<>();
    for (String line : Files.readAllLines(dir.resolve(MemoryStores.INDEX_FILE))) {
      IndexPruner.target(line).ifPresent(named::add);
    }
    java.util.Set<String> files = new java.util.TreeSet<>();
    try (var s = Files.list(dir)) {
      s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".md") && !n.startsWith(".") && !n.equals(MemoryStores.INDEX_FILE))
          .forEach(files::add);
    }
    List<String> out = new java.util.ArrayList<>();
    files.stream().filter(n -> !named.contains(n)).forEach(n -> out.add("unindexed " + n));
    named.stream().filter(n -> !files.contains(n)).forEach(n -> out.add("missing " + n));
    return out;
  }

  private static Map<String, String> bodies(DreamFixture f) throws Exception {
    List<StoredMemory> all = MemoryStores.directory(f.memoryDir(), f.settings.memory(), java.time.Clock.systemUTC())
        .list().memories();
    return all.stream().collect(Collectors.toMap(StoredMemory::name, m -> m.memory().body()));
  }

  private static Process start(DreamFixture f, Path signal) throws Exception {
    return start(f, signal, 2);
  }

  private static Process start(DreamFixture f, Path signal, int pauseAfter) throws Exception {
    // A short-lived child: with the quick compiler alone a dream's JVM takes about a third less CPU (2.3 -> 1.5 s for
    // engram dream here), as ConcurrentWritersTest's and KillNineTest's children do.
    return new ProcessBuilder(ChildProcess.quickJvm("-cp",
        System.getProperty("java.class.path"), DreamChild.class.getName(),
            f.roots.engramHome().toString(), f.roots.userHome().toString(), f.roots.projectDir().toString(),
            signal.toString(), String.valueOf(pauseAfter)))
        .redirectErrorStream(true)
        .redirectOutput(signal.resolveSibling("child.log").toFile())
        .start();
  }

  private static void waitFor(Path signal, Process child) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(signal)) {
      if (!child.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError("child dream did not apply a change: "
            + Files.readString(signal.resolveSibling("child.log")));
      }
      Thread.sleep(20);
    }
  }

}
