package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.DreamSettings;
import io.engram.testing.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConsolidationLockTest {
  private static final DreamSettings DREAM = DreamSettings.DEFAULTS;
  private static final Instant PRIOR = Instant.parse("2026-05-01T08:00:00Z");

  @Test
  void cleanFinishStampsStateAndMovesMtimeToTheFinish(@TempDir Path memory) throws Exception {
    Instant start = Instant.parse("2026-05-12T10:00:00Z");
    Instant end = Instant.parse("2026-05-12T10:05:00Z");
    DreamStateFile state = new DreamStateFile(memory);
    state.recordSession("before", start.minusSeconds(60));
    try (ConsolidationLock lock = ConsolidationLock.tryAcquire(memory, DREAM, start).orElseThrow()) {
      state.recordSession("during", start.plusSeconds(60));
      lock.commit(end);
    }
    Path lockFile = memory.resolve(".consolidate-lock");
    assertThat(Files.readString(lockFile)).isEmpty();
    assertThat(Files.getLastModifiedTime(lockFile).toInstant()).isEqualTo(end);
    DreamState after = state.read();
    assertThat(after.lastConsolidation()).contains(end);
    assertThat(after.sessionsSince()).containsOnlyKeys("during");
  }

  @Test
  void failedRunRollsTheMtimeBack(@TempDir Path memory) throws Exception {
    Path lockFile = memory.resolve(".consolidate-lock");
    Files.writeString(lockFile, "");
    Files.setLastModifiedTime(lockFile, FileTime.from(PRIOR));
    try (ConsolidationLock lock = ConsolidationLock.tryAcquire(memory, DREAM, Instant.now()).orElseThrow()) {
      assertThat(lock.previousConsolidation()).contains(PRIOR);
      assertThat(Files.readString(lockFile)).startsWith(Long.toString(ProcessHandle.current().pid()));
    }
    assertThat(Files.getLastModifiedTime(lockFile).toInstant()).isEqualTo(PRIOR);
    assertThat(new DreamStateFile(memory).read().lastConsolidation()).isEmpty();
  }

  @Test
  void failedFirstRunLeavesNoLockFile(@TempDir Path memory) throws Exception {
    ConsolidationLock.tryAcquire(memory, DREAM, Instant.now()).orElseThrow().close();
    assertThat(memory.resolve(".consolidate-lock")).doesNotExist();
    assertThat(ConsolidationLock.status(memory, DREAM)).isInstanceOf(LockStatus.Free.class);
  }

  @Test
  void secondAcquireInTheSameProcessIsRefused(@TempDir Path memory) throws Exception {
    try (ConsolidationLock first = ConsolidationLock.tryAcquire(memory, DREAM, Instant.now()).orElseThrow()) {
      assertThat(ConsolidationLock.tryAcquire(memory, DREAM, Instant.now())).isEmpty();
      assertThat(ConsolidationLock.status(memory, DREAM)).isInstanceOf(LockStatus.Held.class);
    }
    assertThat(ConsolidationLock.tryAcquire(memory, DREAM, Instant.now())).isPresent();
  }

  @Test
  void lockOfADeadPidIsStaleAndRolledBackOnAcquire(@TempDir Path memory) throws Exception {
    Path lockFile = memory.resolve(".consolidate-lock");
    long deadPid = deadPid();
    Files.writeString(
        lockFile, new LockBody(deadPid, Instant.now(), Optional.empty(), Optional.of(PRIOR)).render());
    LockStatus status = ConsolidationLock.status(memory, DREAM);
    assertThat(status).isInstanceOf(LockStatus.Stale.class);
    assertThat(status.lastConsolidation()).contains(PRIOR);
    assertThat(ConsolidationLock.recoverStale(memory, DREAM)).isTrue();
    assertThat(Files.getLastModifiedTime(lockFile).toInstant()).isEqualTo(PRIOR);
    assertThat(Files.readString(lockFile)).isEmpty();
  }

  @Test
  void processKilledMidRunLeavesAStaleLockThatTheNextRunRetries(@TempDir Path memory) throws Exception {
    Path lockFile = memory.resolve(".consolidate-lock");
    Files.writeString(lockFile, "");
    Files.setLastModifiedTime(lockFile, FileTime.from(PRIOR));
    Files.writeString(memory.resolve("topic.md"), "the memory before the dream\n");
    Process child = startChild(memory);
    try {
      waitForResult(memory, child);
      assertThat(Files.readString(memory.resolve("child-result"))).isEqualTo("acquired");
      LockStatus held = ConsolidationLock.status(memory, DREAM);
      assertThat(held).isInstanceOf(LockStatus.Held.class);
      assertThat(((LockStatus.Held) held).pid()).isEqualTo(child.pid());
      assertThat(ConsolidationLock.tryAcquire(memory, DREAM, Instant.now())).isEmpty();
    } finally {
      child.destroyForcibly();
      child.waitFor(30, TimeUnit.SECONDS);
    }
    assertThat(ConsolidationLock.status(memory, DREAM)).isInstanceOf(LockStatus.Stale.class);
    GateReport gates = new DreamGates(memory, DREAM).check(Instant.now(), true);
    assertThat(gates.open()).isTrue();
    assertThat(gates.lastConsolidation()).contains(PRIOR);

    try (ConsolidationLock retry = ConsolidationLock.tryAcquire(memory, DREAM, Instant.now()).orElseThrow()) {
      assertThat(retry.previousConsolidation()).contains(PRIOR);
      new UndoJournal(memory).undo();
      assertThat(Files.readString(memory.resolve("topic.md"))).isEqualTo("the memory before the dream\n");
    }
    assertThat(Files.getLastModifiedTime(lockFile).toInstant()).isEqualTo(PRIOR);
    assertThat(new DreamStateFile(memory).read().lastConsolidation()).isEmpty();
  }

  private static Process startChild(Path memory) throws Exception {
    return new ProcessBuilder(
            ChildProcess.quickJvm("-cp",
                System.getProperty("java.class.path"),
                LockHoldingChild.class.getName(),
                memory.toString()))
        .redirectErrorStream(true)
        .redirectOutput(memory.resolve("child.log").toFile())
        .start();
  }

  private static void waitForResult(Path memory, Process child) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!Files.exists(memory.resolve("child-result"))) {
      if (!child.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError("child did not take the lock: " + Files.readString(memory.resolve("child.log")));
      }
      Thread.sleep(20);
    }
  }

  private static long deadPid() throws Exception {
    // Its output discarded, so no pipe can fill; waited for with a deadline, and killed there.
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    if (!p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
      io.engram.testing.ChildProcess.destroyTree(p);
      throw new AssertionError("java -version did not end within 60 s");
    }
    return p.pid();
  }

  @Test
  void aBareDeadPidLikeClaudeCodeWritesIsStaleAndRecoveryRemovesTheLock(@TempDir Path memory) throws Exception {
    Path lockFile = memory.resolve(".consolidate-lock");
    Files.writeString(lockFile, deadPid() + "\n");
    assertThat(ConsolidationLock.status(memory, DREAM)).isInstanceOf(LockStatus.Stale.class);
    assertThat(ConsolidationLock.recoverStale(memory, DREAM)).isTrue();
    assertThat(lockFile).doesNotExist();
    assertThat(ConsolidationLock.recoverStale(memory, DREAM)).isFalse();
  }

  @Test
  void racingThreadsNeverBothTakeTheLock(@TempDir Path memory) throws Exception {
    int threads = 8;
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
    java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicInteger holders = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger maxHolders = new java.util.concurrent.atomic.AtomicInteger();
    java.util.List<java.util.concurrent.Future<Boolean>> results = new java.util.ArrayList<>();
    for (int i = 0; i < threads; i++) {
      results.add(pool.submit(() -> {
        start.await();
        Optional<ConsolidationLock> lock = ConsolidationLock.tryAcquire(memory, DREAM, Instant.now());
        if (lock.isEmpty()) {
          return false;
        }
        maxHolders.accumulateAndGet(holders.incrementAndGet(), Math::max);
        Thread.sleep(50);
        holders.decrementAndGet();
        lock.get().close();
        return true;
      }));
    }
    start.countDown();
    int won = 0;
    for (var r : results) {
      won += r.get() ? 1 : 0;
    }
    pool.shutdown();
    assertThat(won).isGreaterThanOrEqualTo(1);
    assertThat(maxHolders.get()).isEqualTo(1);
  }

  @Test
  void aBarePidThatIsAliveIsHonouredOnlyUntilTheAgeLimit(@TempDir Path memory) throws Exception {
    // pid 1 is always alive; the lock proves no process start, so its file's time dates it.
    Path lockFile = memory.resolve(".consolidate-lock");
    Files.writeString(lockFile, "1\n");
    Instant written = Files.getLastModifiedTime(lockFile).toInstant();
    assertThat(ConsolidationLock.status(memory, DREAM, written.plusSeconds(5))).isInstanceOf(LockStatus.Held.class);
    Instant later = written.plusSeconds(DREAM.lockMaxAgeSeconds() + 1);
    assertThat(ConsolidationLock.status(memory, DREAM, later)).isInstanceOf(LockStatus.Stale.class);
    assertThat(ConsolidationLock.tryAcquire(memory, DREAM, later)).isPresent();
  }

  @Test
  void theLockOfPidOneSince1970ExpiresAtOnce(@TempDir Path memory) throws Exception {
    Path lockFile = memory.resolve(".consolidate-lock");
    Files.writeString(lockFile, "1\nstarted=1970-01-01T00:00:00Z\n");
    LockStatus status = ConsolidationLock.status(memory, DREAM);
    assertThat(status).isInstanceOf(LockStatus.Stale.class);
    GateReport gates = new DreamGates(memory, DREAM).check(Instant.now(), true);
    assertThat(gates.open()).isTrue();
  }

  @Test
  void aLockOfALiveProcessWhoseStartDoesNotMatchIsStale(@TempDir Path memory) throws Exception {
    Path lockFile = memory.resolve(".consolidate-lock");
    Instant now = Instant.now();
    // pid 1 is alive, but it did not start in 2001: another process held the lock under that pid.
    Files.writeString(lockFile, new LockBody(1, now, Optional.of(Instant.parse("2001-01-01T00:00:00Z")),
        Optional.empty()).render());
    assertThat(ConsolidationLock.status(memory, DREAM, now)).isInstanceOf(LockStatus.Stale.class);
  }

  @Test
  void aRunPastTheAgeLimitIsTakenOverAndLeavesTheNewHoldersLockAlone(@TempDir Path memory) throws Exception {
    Instant start = Instant.now();
    Instant past = start.plusSeconds(DREAM.lockMaxAgeSeconds() + 1);
    ConsolidationLock hung = ConsolidationLock.tryAcquire(memory, DREAM, start).orElseThrow();
    assertThat(ConsolidationLock.tryAcquire(memory, DREAM, start.plusSeconds(1))).isEmpty();
    try (ConsolidationLock next = ConsolidationLock.tryAcquire(memory, DREAM, past).orElseThrow()) {
      assertThat(hung.stillHeld()).isFalse();
      hung.close();
      assertThat(next.stillHeld()).isTrue();
      assertThat(ConsolidationLock.status(memory, DREAM, past)).isInstanceOf(LockStatus.Held.class);
    }
  }
}
