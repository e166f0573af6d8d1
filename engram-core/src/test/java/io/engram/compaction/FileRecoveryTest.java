package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.engram.config.CompactionSettings;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class FileRecoveryTest {
  static CompactionSettings limits(int files, int fileTokens) {
    CompactionSettings d = CompactionSettings.DEFAULTS;
    return d.with("maxRestoredFiles", files).with("maxRestoredFileTokens", fileTokens);
  }

  @Test
  void prefersTwoSmallFilesOverOneLargeOfHigherScore() {
    FileRecovery r = new FileRecovery(CompactionSettings.DEFAULTS);
    RecoveryPlan plan = r.choose(List.of(
        new RecoveryCandidate("big.java", 90, 900),
        new RecoveryCandidate("a.java", 60, 500),
        new RecoveryCandidate("b.java", 50, 500),
        new RecoveryCandidate("huge.java", 99, 9_000)), 1_000);
    assertThat(plan.chosen()).extracting(RecoveryCandidate::path).containsExactly("a.java", "b.java");
    assertThat(plan.tooLarge()).extracting(RecoveryCandidate::path).containsExactly("huge.java");
    assertThat(plan.leftOut()).extracting(RecoveryCandidate::path).containsExactly("big.java");
    assertThat(plan.totalTokens()).isEqualTo(1_000);
    assertThat(plan.tokenGranularity()).isEqualTo(1);
  }

  @Test
  void defaultsRestoreAtMostNineteenFilesEachAtMostEightThousandTokens() {
    List<RecoveryCandidate> many = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      many.add(new RecoveryCandidate("f" + i + ".java", 50 + i, 10));
    }
    many.add(new RecoveryCandidate("limit.java", 1, 8_000));
    many.add(new RecoveryCandidate("over.java", 1000, 8_001));
    RecoveryPlan plan = new FileRecovery(CompactionSettings.DEFAULTS).choose(many, 100_000);
    assertThat(plan.chosen()).hasSize(19).allMatch(c -> c.score() >= 71);
    assertThat(plan.tooLarge()).extracting(RecoveryCandidate::path).containsExactly("over.java");
    assertThat(plan.tokenGranularity()).isEqualTo(25);
  }

  @Test
  void noBudgetRestoresNothing() {
    RecoveryPlan plan = new FileRecovery(CompactionSettings.DEFAULTS)
        .choose(List.of(new RecoveryCandidate("a.java", 60, 1)), 0);
    assertThat(plan.chosen()).isEmpty();
    assertThat(plan.tooLarge()).hasSize(1);
  }

  @Test
  void largeInputIsFast() {
    List<RecoveryCandidate> many = new ArrayList<>();
    java.util.Random random = new java.util.Random(7);
    for (int i = 0; i < 500; i++) {
      many.add(new RecoveryCandidate("f" + i, random.nextDouble() * 100, random.nextInt(9_000)));
    }
    long start = System.nanoTime();
    RecoveryPlan plan = new FileRecovery(CompactionSettings.DEFAULTS).choose(many, 100_000);
    assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(5_000);
    assertThat(plan.totalTokens()).isLessThanOrEqualTo(100_000);
    assertThat(plan.chosen()).hasSizeLessThanOrEqualTo(19);
  }

  @Property(tries = 300)
  void neverExceedsTheBudgetTheFileCountOrTheFileLimit(
      @ForAll("candidates") List<RecoveryCandidate> candidates, @ForAll @IntRange(max = 200_000) int budget,
      @ForAll @IntRange(min = 1, max = 25) int maxFiles) {
    RecoveryPlan plan = new FileRecovery(limits(maxFiles, 8_000)).choose(candidates, budget);
    assertThat(plan.totalTokens()).isLessThanOrEqualTo(budget);
    assertThat(plan.chosen()).hasSizeLessThanOrEqualTo(maxFiles).allMatch(c -> c.tokens() <= 8_000);
    assertThat(plan.chosen().size() + plan.tooLarge().size() + plan.leftOut().size()).isEqualTo(candidates.size());
  }

  @Property(tries = 300)
  void matchesBruteForceOnSmallInputs(
      @ForAll("small") List<RecoveryCandidate> candidates, @ForAll @IntRange(max = 3_000) int budget,
      @ForAll @IntRange(min = 1, max = 5) int maxFiles) {
    RecoveryPlan plan = new FileRecovery(limits(maxFiles, 1_000)).choose(candidates, budget);
    assertThat(plan.totalScore()).isCloseTo(bruteForce(candidates, budget, maxFiles, 1_000), within(1e-6));
  }

  private static double bruteForce(List<RecoveryCandidate> items, int budget, int maxFiles, int maxFileTokens) {
    double best = 0;
    for (int mask = 0; mask < 1 << items.size(); mask++) {
      long tokens = 0;
      double score = 0;
      boolean ok = Integer.bitCount(mask) <= maxFiles;
      for (int i = 0; i < items.size() && ok; i++) {
        if ((mask & 1 << i) != 0) {
          tokens += items.get(i).tokens();
          score += items.get(i).score();
          ok = items.get(i).tokens() <= maxFileTokens;
        }
      }
      if (ok && tokens <= budget) {
        best = Math.max(best, score);
      }
    }
    return best;
  }

  @Provide
  Arbitrary<List<RecoveryCandidate>> candidates() {
    return candidate(12_000).list().ofMaxSize(40);
  }

  @Provide
  Arbitrary<List<RecoveryCandidate>> small() {
    return candidate(1_500).list().ofMaxSize(10);
  }

  private static Arbitrary<RecoveryCandidate> candidate(int maxTokens) {
    return Combinators.combine(
            Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6),
            Arbitraries.doubles().between(0, 150),
            Arbitraries.integers().between(0, maxTokens))
        .as(RecoveryCandidate::new);
  }
}
