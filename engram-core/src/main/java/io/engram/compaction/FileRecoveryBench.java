package io.engram.compaction;

import io.engram.config.EngramSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Timed harness for {@link FileRecovery}: the bucketed exact knapsack against a greedy baseline (best
 * score per token first) measured in the same run, on seeded random sessions. Prints, per session
 * size and budget, the median time of both and the knapsack's total score as a ratio of the greedy one.
 *
 * <p>Run: {@code java -cp engram-core/target/classes io.engram.compaction.FileRecoveryBench}.
 */
public final class FileRecoveryBench {
  private static final int REPEATS = 15;

  private FileRecoveryBench() {}

  /** Prints the table; no arguments. */
  public static void main(String[] args) {
    EngramSettings.Compaction settings = EngramSettings.Compaction.DEFAULTS;
    FileRecovery recovery = new FileRecovery(settings);
    System.out.println("| files | budget | knapsack ms | greedy ms | score knapsack / greedy |");
    System.out.println("|---|---|---|---|---|");
    for (int files : new int[] {30, 100, 300}) {
      for (int budget : new int[] {20_000, 50_000, 100_000}) {
        List<RecoveryCandidate> candidates = session(files, new Random(files * 31L + budget));
        double[] dpMs = new double[REPEATS];
        double[] greedyMs = new double[REPEATS];
        double dpScore = 0;
        double greedyScore = 0;
        for (int r = 0; r < REPEATS; r++) {
          long t0 = System.nanoTime();
          dpScore = recovery.choose(candidates, budget).totalScore();
          long t1 = System.nanoTime();
          greedyScore = greedy(candidates, budget, settings);
          long t2 = System.nanoTime();
          dpMs[r] = (t1 - t0) / 1e6;
          greedyMs[r] = (t2 - t1) / 1e6;
        }
        System.out.printf(Locale.ROOT, "| %d | %d | %.2f | %.3f | %.3f |%n",
            files, budget, median(dpMs), median(greedyMs), dpScore / greedyScore);
      }
    }
  }

  /** Files of a session: FileScore-like values 20-90, sizes skewed small with a long tail to 12k. */
  static List<RecoveryCandidate> session(int files, Random random) {
    List<RecoveryCandidate> out = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      int tokens = (int) Math.min(12_000, 200 + Math.abs(random.nextGaussian()) * 3_000);
      out.add(new RecoveryCandidate("f" + i, 20 + random.nextDouble() * 70, tokens));
    }
    return out;
  }

  /** The baseline: highest score per token first, while the file and token limits allow. */
  static double greedy(List<RecoveryCandidate> candidates, int budget, EngramSettings.Compaction settings) {
    List<RecoveryCandidate> sorted = new ArrayList<>(candidates);
    sorted.sort(Comparator.comparingDouble((RecoveryCandidate c) -> c.score() / Math.max(1, c.tokens())).reversed());
    long used = 0;
    int count = 0;
    double score = 0;
    for (RecoveryCandidate c : sorted) {
      if (count < settings.maxRestoredFiles() && c.tokens() <= settings.maxRestoredFileTokens()
          && used + c.tokens() <= budget) {
        used += c.tokens();
        count++;
        score += c.score();
      }
    }
    return score;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
