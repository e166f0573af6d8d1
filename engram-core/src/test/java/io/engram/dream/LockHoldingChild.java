package io.engram.dream;

import io.engram.config.DreamSettings;
import io.engram.fs.AtomicFiles;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A child JVM for {@link ConsolidationLockTest}: takes the lock on the memory directory given as the
 * first argument, edits a memory file as a dream would, reports "acquired" and then waits to be killed.
 */
public final class LockHoldingChild {
  private LockHoldingChild() {}

  public static void main(String[] args) throws Exception {
    Path memory = Path.of(args[0]);
    var lock = ConsolidationLock.tryAcquire(memory, DreamSettings.DEFAULTS, Instant.now());
    if (lock.isEmpty()) {
      AtomicFiles.writeString(memory.resolve("child-result"), "busy");
      return;
    }
    UndoJournal journal = new UndoJournal(memory);
    journal.begin("child-run", java.util.List.of("topic.md"));
    AtomicFiles.writeString(memory.resolve("topic.md"), "half-written by a dying dream\n");
    AtomicFiles.writeString(memory.resolve("child-result"), "acquired");
    Thread.sleep(60_000);
  }
}
