package io.engram.dream;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The outcome of checking the dream gates: what was measured, and which gates are closed.
 *
 * @param lastConsolidation the latest known clean consolidation, empty if none
 * @param sessionsSince sessions that touched memory since then
 * @param lock the lock's state
 * @param closed the gates that keep the dream from running; empty means run
 * @param forced whether {@code --force} bypassed the time and session gates
 */
public record GateReport(
    Optional<Instant> lastConsolidation, int sessionsSince, LockStatus lock, Set<Gate> closed, boolean forced) {

  public GateReport {
    closed = closed.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(closed));
  }

  /** True when every gate is open and the dream should run. */
  public boolean open() {
    return closed.isEmpty();
  }
}
