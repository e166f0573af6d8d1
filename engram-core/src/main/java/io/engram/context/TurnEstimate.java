package io.engram.context;

import java.util.Locale;

/**
 * How many turns a session has left before its window reaches the critical level.
 *
 * @param low the fewest turns expected
 * @param high the most turns expected (equal to {@code low} for an estimate from the session's own growth)
 * @param basis where the figure comes from
 * @param tokensPerTurn the mean growth of the session's recent turns; 0 for a typical range
 */
public record TurnEstimate(int low, int high, Basis basis, long tokensPerTurn) {
  /** Where an estimate comes from. */
  public enum Basis {
    /** The mean growth of the session's own recent turns. */
    SESSION_GROWTH,
    /** The typical range for the level, used while the session has too few turns to measure. */
    TYPICAL
  }

  public TurnEstimate {
    if (low < 0 || high < low) {
      throw new IllegalArgumentException("turn estimate must be 0 <= low <= high, was " + low + ".." + high);
    }
  }

  /** "about 9 turns left" or "about 8-12 turns left". */
  public String phrase() {
    String turns = low == high ? Integer.toString(low) : low + "-" + high;
    return "about " + turns + (high == 1 ? " turn" : " turns") + " left";
  }

  /** Where the figure comes from, in words. */
  public String source() {
    return basis == Basis.SESSION_GROWTH
        ? String.format(Locale.ROOT, "this session adds about %,d tokens a turn", tokensPerTurn)
        : "a typical session at this level; this one has too few turns to measure";
  }
}
