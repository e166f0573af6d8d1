package io.engram.compaction;

import java.util.List;

/**
 * The files chosen for restoration after compaction, and those that were not.
 *
 * @param chosen the restored files, best score first
 * @param tooLarge candidates over the per-file token limit or the whole free budget
 * @param leftOut candidates that fitted alone but not in the best selection
 * @param tokenGranularity the token bucket size the selection was computed with (1 = exact tokens)
 */
public record RecoveryPlan(
    List<RecoveryCandidate> chosen,
    List<RecoveryCandidate> tooLarge,
    List<RecoveryCandidate> leftOut,
    int tokenGranularity) {

  public RecoveryPlan {
    chosen = List.copyOf(chosen);
    tooLarge = List.copyOf(tooLarge);
    leftOut = List.copyOf(leftOut);
  }

  /** The tokens of all chosen files. */
  public long totalTokens() {
    return chosen.stream().mapToLong(RecoveryCandidate::tokens).sum();
  }

  /** The summed score of all chosen files. */
  public double totalScore() {
    return chosen.stream().mapToDouble(RecoveryCandidate::score).sum();
  }
}
