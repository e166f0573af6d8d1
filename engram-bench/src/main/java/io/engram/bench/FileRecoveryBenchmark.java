package io.engram.bench;

import io.engram.compaction.FileRecovery;
import io.engram.compaction.RecoveryCandidate;
import io.engram.compaction.RecoveryPlan;
import io.engram.config.CompactionSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH: the compaction's file-recovery knapsack ({@link FileRecovery}) against a greedy baseline (best
 * score per token first) in the same run, on seeded random sessions of 30, 100 and 300 files at
 * budgets of 20k, 50k and 100k tokens. What the knapsack buys in total score is checked and printed
 * by {@code FileRecoveryBenchmarkTest}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FileRecoveryBenchmark {
  @Param({"30", "100", "300"})
  public int files;

  @Param({"20000", "50000", "100000"})
  public int budget;

  private final CompactionSettings settings = CompactionSettings.DEFAULTS;
  private final FileRecovery recovery = new FileRecovery(settings);
  private List<RecoveryCandidate> candidates;

  /** Draws the session; the seed depends on the parameters only, so every run sees the same files. */
  @Setup
  public void drawSession() {
    candidates = session(files, new Random(files * 31L + budget));
  }

  /** The exact knapsack with dominance pruning. */
  @Benchmark
  public RecoveryPlan knapsack() {
    return recovery.choose(candidates, budget);
  }

  /** The baseline: highest score per token first. */
  @Benchmark
  public double greedyBaseline() {
    return greedy(candidates, budget, settings);
  }

  /** Files of a session: FileScore-like values 20-90, sizes skewed small with a long tail to 12k tokens. */
  static List<RecoveryCandidate> session(int files, Random random) {
    List<RecoveryCandidate> out = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      int tokens = (int) Math.min(12_000, 200 + Math.abs(random.nextGaussian()) * 3_000);
      out.add(new RecoveryCandidate("f" + i, 20 + random.nextDouble() * 70, tokens));
    }
    return out;
  }

  /** Total score of the greedy choice, within the same file and token limits as the knapsack. */
  static double greedy(List<RecoveryCandidate> candidates, int budget, CompactionSettings settings) {
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
}
