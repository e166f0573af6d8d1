package io.engram.compaction;

import java.time.Instant;

/**
 * A file that may be restored after compaction: its value and its cost.
 *
 * @param path the file's path
 * @param score its {@link FileScore} total (the knapsack value); must not be negative
 * @param tokens what its content costs in the context window (the knapsack weight); not negative
 */
public record RecoveryCandidate(String path, double score, int tokens) {

  public RecoveryCandidate {
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException("recovery candidate needs a path");
    }
    if (tokens < 0 || !(score >= 0) || Double.isInfinite(score)) {
      throw new IllegalArgumentException(
          "recovery candidate " + path + " needs a finite score >= 0 and tokens >= 0, got " + score + ", " + tokens);
    }
  }

  /** The candidate for {@code usage} scored as of {@code now}, costing {@code tokens}. */
  static RecoveryCandidate of(FileUsage usage, Instant now, int tokens) {
    return new RecoveryCandidate(usage.path(), FileScore.of(usage, now).total(), tokens);
  }
}
