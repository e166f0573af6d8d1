package io.engram.dream;

/**
 * How to run a dream.
 *
 * @param force run although the time or session gate is closed (never past a held lock)
 * @param dryRun build the plan and its diff, change nothing (the lock is not taken)
 */
public record DreamOptions(boolean force, boolean dryRun) {
  /** A normal run that respects every gate. */
  public static final DreamOptions DEFAULT = new DreamOptions(false, false);
}
