package io.engram.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.compaction.FileRecovery;
import io.engram.compaction.RecoveryCandidate;
import io.engram.config.CompactionSettings;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FileRecoveryBenchmarkTest {
  @Test
  void theKnapsackRestoresAtLeastTheGreedyScoreOnEveryBenchmarkedSession() {
    CompactionSettings settings = CompactionSettings.DEFAULTS;
    System.out.println("| files | budget | score knapsack / greedy |");
    for (int files : new int[] {30, 100, 300}) {
      for (int budget : new int[] {20_000, 50_000, 100_000}) {
        List<RecoveryCandidate> session = FileRecoveryBenchmark.session(files, new Random(files * 31L + budget));
        double knapsack = new FileRecovery(settings).choose(session, budget).totalScore();
        double greedy = FileRecoveryBenchmark.greedy(session, budget, settings);
        assertThat(knapsack).as("%d files, budget %d", files, budget).isGreaterThanOrEqualTo(greedy - 1e-9);
        System.out.printf(Locale.ROOT, "| %d | %d | %.3f |%n", files, budget, knapsack / greedy);
      }
    }
  }

  @Test
  void theBenchmarkStateDrawsTheSameSessionForTheSameParameters() {
    FileRecoveryBenchmark a = new FileRecoveryBenchmark();
    a.files = 30;
    a.budget = 20_000;
    a.drawSession();
    FileRecoveryBenchmark b = new FileRecoveryBenchmark();
    b.files = 30;
    b.budget = 20_000;
    b.drawSession();
    assertThat(a.knapsack()).isEqualTo(b.knapsack());
    assertThat(a.greedyBaseline()).isEqualTo(b.greedyBaseline()).isPositive();
  }
}
