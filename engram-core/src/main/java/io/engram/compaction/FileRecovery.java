package io.engram.compaction;

import io.engram.config.CompactionSettings;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * Chooses which files to restore after compaction: a 0-1 knapsack that maximises
 * the summed {@link FileScore} with the summed tokens within the free budget, at most
 * {@code maxRestoredFiles} files (19: "fewer than 20") and each file at most
 * {@code maxRestoredFileTokens} (8,000) tokens.
 *
 * <p>The dynamic programme is exact over token buckets: with a budget of B tokens the bucket size is
 * g = ceil(B / {@value #MAX_BUCKETS}), each file's tokens are rounded up to whole buckets and the budget
 * down, so a selection never exceeds B. Up to 4,096 tokens of budget g is 1 and the result is the exact
 * optimum; above that, the optimum may be missed only by selections that need the rounding slack
 * (at most g - 1 tokens per chosen file: 24 per file at a 100k budget). Cost: files x 20 x 4,097 steps,
 * after candidates that cannot be in the optimum are set aside (see {@link #undominated}).
 */
public final class FileRecovery {
  /** The number of token buckets the budget is divided into, at most. */
  static final int MAX_BUCKETS = 4_096;
  // Floating-point tolerance: a choice must gain more than rounding noise to replace an equal one.
  private static final double EPSILON = 1e-9;

  private final int maxFiles;
  private final int maxFileTokens;

  /** A recovery with the limits of {@code settings}. */
  public FileRecovery(CompactionSettings settings) {
    this.maxFiles = settings.maxRestoredFiles();
    this.maxFileTokens = settings.maxRestoredFileTokens();
  }

  /** The best selection of {@code candidates} within {@code freeTokens}. */
  public RecoveryPlan choose(List<RecoveryCandidate> candidates, int freeTokens) {
    int budget = Math.max(0, freeTokens);
    List<RecoveryCandidate> fitting = new ArrayList<>();
    List<RecoveryCandidate> tooLarge = new ArrayList<>();
    for (RecoveryCandidate c : candidates) {
      (c.tokens() <= maxFileTokens && c.tokens() <= budget ? fitting : tooLarge).add(c);
    }
    fitting.sort(Comparator.comparingDouble(RecoveryCandidate::score).reversed()
        .thenComparingInt(RecoveryCandidate::tokens).thenComparing(RecoveryCandidate::path));
    List<RecoveryCandidate> leftOut = new ArrayList<>();
    List<RecoveryCandidate> open = undominated(fitting, leftOut);
    int g = granularity(budget);
    boolean[] taken = solve(open, budget / g, g);
    List<RecoveryCandidate> chosen = new ArrayList<>();
    for (int i = 0; i < open.size(); i++) {
      (taken[i] ? chosen : leftOut).add(open.get(i));
    }
    return new RecoveryPlan(chosen, tooLarge, leftOut, g);
  }

  /**
   * Drops (into {@code dominatedOut}) every candidate with at least {@code maxFiles} dominators: earlier
   * candidates in the sorted order (so score at least as high) costing no more tokens. This keeps the
   * result exact: an optimum holding such a candidate has at most maxFiles - 1 others, so one of its
   * dominators is free to take its place without losing score or needing more tokens; the optimum with
   * the earliest candidates therefore holds none of them. On sessions with hundreds of files most
   * candidates go here, which keeps the dynamic programme small.
   */
  private List<RecoveryCandidate> undominated(List<RecoveryCandidate> sorted, List<RecoveryCandidate> dominatedOut) {
    List<RecoveryCandidate> open = new ArrayList<>();
    for (int i = 0; i < sorted.size(); i++) {
      int dominators = 0;
      for (int j = 0; j < i && dominators < maxFiles; j++) {
        if (sorted.get(j).tokens() <= sorted.get(i).tokens()) {
          dominators++;
        }
      }
      (dominators >= maxFiles ? dominatedOut : open).add(sorted.get(i));
    }
    return open;
  }

  /** The bucket size for {@code budget} tokens. */
  static int granularity(int budget) {
    return Math.max(1, (budget + MAX_BUCKETS - 1) / MAX_BUCKETS);
  }

  private boolean[] solve(List<RecoveryCandidate> items, int capacity, int g) {
    int files = Math.min(maxFiles, items.size());
    int width = capacity + 1;
    double[] best = new double[(files + 1) * width];
    List<BitSet> took = new ArrayList<>(items.size());
    int[] weight = new int[items.size()];
    for (int i = 0; i < items.size(); i++) {
      RecoveryCandidate item = items.get(i);
      weight[i] = (int) ((item.tokens() + (long) g - 1) / g);
      BitSet bits = new BitSet();
      for (int c = files; c >= 1; c--) {
        for (int w = capacity; w >= weight[i]; w--) {
          double with = best[(c - 1) * width + w - weight[i]] + item.score();
          if (with > best[c * width + w] + EPSILON) {
            best[c * width + w] = with;
            bits.set(c * width + w);
          }
        }
      }
      took.add(bits);
    }
    boolean[] taken = new boolean[items.size()];
    int c = files;
    int w = capacity;
    for (int i = items.size() - 1; i >= 0 && c > 0; i--) {
      if (took.get(i).get(c * width + w)) {
        taken[i] = true;
        c--;
        w -= weight[i];
      }
    }
    return taken;
  }
}
