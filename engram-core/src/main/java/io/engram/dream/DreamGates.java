package io.engram.dream;

import io.engram.config.DreamSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a dream runs now: at least {@code minHoursBetween} hours since the last
 * consolidation, at least {@code minSessions} sessions that touched memory since, and a free lock.
 *
 * <p>The last consolidation is the later of the state file's stamp and the lock's idle mtime (a
 * directory shared with Claude Code is consolidated by either tool). {@code force} opens the time and
 * session gates but never the lock: two dreams never run at once.
 */
final class DreamGates {
  private final Path memoryDir;
  private final DreamSettings settings;

  /** Gates for the memory directory {@code memoryDir} with the numbers of {@code settings}. */
  public DreamGates(Path memoryDir, DreamSettings settings) {
    this.memoryDir = memoryDir;
    this.settings = settings;
  }

  /** Checks the three gates at {@code now}. */
  public GateReport check(Instant now, boolean force) throws IOException {
    DreamState state = new DreamStateFile(memoryDir).read();
    LockStatus lock = ConsolidationLock.status(memoryDir, settings, now);
    Optional<Instant> last = later(state.lastConsolidation(), lock.lastConsolidation());
    Set<Gate> closed = EnumSet.noneOf(Gate.class);
    if (!force) {
      boolean longEnough =
          last.map(at -> !Duration.between(at, now).minusHours(settings.minHoursBetween()).isNegative())
              .orElse(true);
      if (!longEnough) {
        closed.add(Gate.TIME);
      }
      if (state.sessionCount() < settings.minSessions()) {
        closed.add(Gate.SESSIONS);
      }
    }
    if (!lock.free()) {
      closed.add(Gate.LOCK);
    }
    return new GateReport(last, state.sessionCount(), lock, closed, force);
  }

  private static Optional<Instant> later(Optional<Instant> a, Optional<Instant> b) {
    if (a.isEmpty()) {
      return b;
    }
    if (b.isEmpty()) {
      return a;
    }
    return Optional.of(a.get().isAfter(b.get()) ? a.get() : b.get());
  }
}
