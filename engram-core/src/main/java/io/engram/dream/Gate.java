package io.engram.dream;

/** The three conditions a dream waits for. */
public enum Gate {
  /** At least {@code Dream.minHoursBetween} hours since the last consolidation. */
  TIME,
  /** At least {@code Dream.minSessions} sessions touched memory since then. */
  SESSIONS,
  /** The lock file {@code .consolidate-lock} is free. */
  LOCK
}
