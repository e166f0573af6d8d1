package io.engram.dream;

import java.time.Instant;
import java.util.Optional;

/**
 * The state of a memory directory's {@code .consolidate-lock}.
 *
 * <p>{@link #lastConsolidation()} is the lock's modification time as it stands between runs: the
 * finish of the last clean consolidation (Claude Code reads the same mtime), or for a held or stale
 * lock the mtime recorded before that run started, to which it is rolled back.
 */
public sealed interface LockStatus {

  /** The lock file's idle modification time, empty when no run ever finished. */
  Optional<Instant> lastConsolidation();

  /** True when a new run may take the lock (a stale lock is recovered on acquire). */
  boolean free();

  /** No run holds the lock. */
  record Free(Optional<Instant> lastConsolidation) implements LockStatus {
    @Override
    public boolean free() {
      return true;
    }
  }

  /** A live process {@code pid} holds the lock since {@code startedAt}. */
  record Held(long pid, Instant startedAt, Optional<Instant> lastConsolidation) implements LockStatus {
    @Override
    public boolean free() {
      return false;
    }
  }

  /** A run by {@code pid} started at {@code startedAt} and died without finishing. */
  record Stale(long pid, Instant startedAt, Optional<Instant> lastConsolidation) implements LockStatus {
    @Override
    public boolean free() {
      return true;
    }
  }
}
