package io.engram.recall;

import java.time.Duration;
import java.time.Instant;

/**
 * How "hot" a memory is, from recency and use: {@code 0.5^(age / halfLife')} where age runs from the
 * later of its last update and its last recall, and {@code halfLife' = halfLife * (1 + ln(1 + uses))},
 * so a memory that keeps being used decays more slowly. 1 is brand new, it tends to 0 and never
 * reaches it: unused memories sink in the ranking, nothing is removed.
 */
final class Hotness {
  private Hotness() {}

  /** The hotness of {@code doc} at {@code now}, in (0, 1]. */
  public static double of(RecallDocument doc, Instant now, double halfLifeDays) {
    if (halfLifeDays <= 0) {
      throw new IllegalArgumentException("hotness half-life must be positive, got " + halfLifeDays);
    }
    RecallDocument.Activity activity = doc.activity();
    Instant last = activity.lastRecalled().filter(r -> r.isAfter(activity.updated())).orElse(activity.updated());
    double ageDays = Math.max(0, Duration.between(last, now).toSeconds() / 86_400.0);
    double halfLife = halfLifeDays * (1 + Math.log1p(activity.recallCount()));
    return Math.pow(0.5, ageDays / halfLife);
  }

  /** A word for reasons: hot (at least 0.5), warm (at least 0.2), else cold. */
  public static String label(double hotness) {
    return hotness >= 0.5 ? "hot" : hotness >= 0.2 ? "warm" : "cold";
  }
}
