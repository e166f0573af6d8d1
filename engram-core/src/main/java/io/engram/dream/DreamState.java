package io.engram.dream;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the dream gates remember between sessions: when the last consolidation finished, and which
 * sessions touched memory since then (session id to the time it last touched memory).
 */
record DreamState(Optional<Instant> lastConsolidation, Map<String, Instant> sessionsSince) {

  /** The state of a memory directory that has never been consolidated nor touched. */
  public static final DreamState EMPTY = new DreamState(Optional.empty(), Map.of());

  public DreamState {
    lastConsolidation = lastConsolidation == null ? Optional.empty() : lastConsolidation;
    sessionsSince = Collections.unmodifiableMap(new TreeMap<>(sessionsSince));
  }

  /** How many distinct sessions touched memory since the last consolidation. */
  public int sessionCount() {
    return sessionsSince.size();
  }
}
