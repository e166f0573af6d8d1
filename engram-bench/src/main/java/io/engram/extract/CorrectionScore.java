package io.engram.extract;

import java.util.Locale;

/**
 * What an extractor did on a part of a labelled set of corrections: the corrections it found and how whole, and the
 * negative turns it wrote for.
 *
 * @param keptWhole corrections found whose memory keeps what to do instead and why, as far as the person said them
 * @param falsePositives candidates written from negative turns
 * @param negativesWritten negative turns with at least one candidate: a person reads one wrong proposal per turn
 */
public record CorrectionScore(int corrections, int found, int withAlternative, int alternativeKept, int withReason,
    int reasonKept, int keptWhole, int negatives, int falsePositives, int negativesWritten) {
  /** Corrections found, of all corrections (1 when there is none). */
  public double foundRate() {
    return rate(found, corrections);
  }

  /** Of the corrections that say what to do instead, those whose memory keeps it. */
  public double alternativeRate() {
    return rate(alternativeKept, withAlternative);
  }

  /** Of the corrections that say why, those whose memory keeps the reason. */
  public double reasonRate() {
    return rate(reasonKept, withReason);
  }

  /** Negative turns with a candidate, per 100 negative turns. */
  public double falsePositivesPer100() {
    return negatives == 0 ? 0 : 100.0 * negativesWritten / negatives;
  }

  private static double rate(int n, int of) {
    return of == 0 ? 1.0 : (double) n / of;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "found %d/%d (%.2f), alternative kept %d/%d (%.2f), reason kept %d/%d (%.2f),"
        + " kept whole %d/%d found (%.2f), false positives %d on %d negatives (%d turns, %.1f per 100)", found,
        corrections, foundRate(), alternativeKept, withAlternative, alternativeRate(), reasonKept, withReason,
        reasonRate(), keptWhole, found, rate(keptWhole, found), falsePositives, negatives, negativesWritten,
        falsePositivesPer100());
  }
}
