package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.config.CompactionSettings;
import io.engram.config.EngramSettings;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactionScoreTest {
  private static final double TOP = CompactionScore.bandTop(CompactionSettings.DEFAULTS);

  @Test
  void sectionScoreIsTheShareOfEightRequiredSections() {
    assertThat(CompactionScore.sectionScore(0)).isEqualTo(0.0);
    assertThat(CompactionScore.sectionScore(6)).isEqualTo(75.0);
    assertThat(CompactionScore.sectionScore(8)).isEqualTo(100.0);
    assertThat(SummarySection.requiredCount()).isEqualTo(8);
  }

  @Test
  void compressionScoreRewardsTheTargetBandNotLength() {
    double seed = CompactionScore.OVER_COMPRESSED_RATIO;
    assertThat(CompactionScore.compressionScore(0.0, seed, TOP)).isEqualTo(50.0);
    assertThat(CompactionScore.compressionScore(0.1499, seed, TOP)).isEqualTo(50.0);
    assertThat(CompactionScore.compressionScore(0.15, seed, TOP)).isEqualTo(100.0);
    assertThat(CompactionScore.compressionScore(0.25, seed, TOP)).isEqualTo(100.0);
    assertThat(CompactionScore.compressionScore(0.30, seed, TOP)).isEqualTo(100.0);
    // Longer than the band loses points, down to nothing for a "summary" as long as the original.
    assertThat(CompactionScore.compressionScore(0.65, seed, TOP)).isCloseTo(50.0, within(1e-9));
    assertThat(CompactionScore.compressionScore(1.0, seed, TOP)).isEqualTo(0.0);
    assertThat(CompactionScore.compressionScore(1.3, seed, TOP)).isEqualTo(0.0);
  }

  @Test
  void theBandOfAShortPartIsTheSeedsAndOfALongPartReachesDownToHalfTheAim() {
    var settings = EngramSettings.DEFAULTS.compaction();
    // 4,000 tokens: the aim is 30% of them (1,200), half of it is the seed's 15%.
    assertThat(CompactionScore.overCompressedRatio(4_000, ExtractiveSummarizer.aimTokens(4_000, settings)))
        .isCloseTo(0.15, within(1e-9));
    // 120,000 tokens: the aim is 3% (3,600 tokens); a summary of 1,800 tokens or more is not over-compressed.
    double floor = CompactionScore.overCompressedRatio(120_000, ExtractiveSummarizer.aimTokens(120_000, settings));
    assertThat(floor).isCloseTo(0.015, within(1e-9));
    assertThat(CompactionScore.compressionScore(3_400 / 120_000.0, floor, TOP)).isEqualTo(100.0);
    assertThat(CompactionScore.compressionScore(1_000 / 120_000.0, floor, TOP)).isEqualTo(50.0);
    assertThat(CompactionScore.overCompressedRatio(0, 0)).isEqualTo(CompactionScore.OVER_COMPRESSED_RATIO);
  }

  @Test
  void keyInformationScoreIsTheMeanOverFourKinds() {
    Map<KeyKind, Double> p = new EnumMap<>(KeyKind.class);
    p.put(KeyKind.FILE_NAMES, 50.0);
    p.put(KeyKind.ERROR_MESSAGES, 100.0);
    p.put(KeyKind.USER_INSTRUCTIONS, 0.0);
    p.put(KeyKind.TECHNICAL_KEYWORDS, 70.0);
    assertThat(CompactionScore.keyInformationScore(p)).isCloseTo(55.0, within(1e-9));
  }

  @Test
  void adviceNamesEveryShortfall() {
    CompactionScore s =
        new CompactionScore(
            75, 80, 40, 50, 0, 0.1, TOP,
            new CompactionScore.Evidence(
                List.of(SummarySection.PENDING_TASKS),
                Map.of(KeyKind.FILE_NAMES, 50.0),
                Map.of(KeyKind.FILE_NAMES, List.of("src/Foo.java")),
                List.of("the task at the cut, gqc.6, in 8")));
    assertThat(s.advice())
        .hasSize(4)
        .anySatisfy(a -> assertThat(a).contains("7. Pending Tasks"))
        .anySatisfy(a -> assertThat(a).contains("file names (1 lost)").contains("\"src/Foo.java\""))
        .anySatisfy(a -> assertThat(a).isEqualTo("Say the task at the cut, gqc.6, in 8."))
        .anySatisfy(a -> assertThat(a).contains("over-compressed (10% of the original)"));
  }

  @Test
  void theBandsTopIsWhatTheLeastTargetReductionLeavesAndTheAdviceNamesIt() {
    assertThat(TOP).isCloseTo(0.30, within(1e-9));
    double half = CompactionScore.bandTop(CompactionSettings.DEFAULTS.with("targetReductionMin", 0.5));
    assertThat(CompactionScore.compressionScore(0.45, CompactionScore.OVER_COMPRESSED_RATIO, half)).isEqualTo(100.0);
    assertThat(CompactionScore.compressionScore(0.45, CompactionScore.OVER_COMPRESSED_RATIO, TOP)).isLessThan(100.0);
    CompactionScore.Evidence none = new CompactionScore.Evidence(List.of(), Map.of(), Map.of(), List.of());
    assertThat(new CompactionScore(100, 100, 100, 80, 98, 0.45, TOP, none).advice())
        .containsExactly("The summary is 45% of the original; make it at least 70% shorter.");
    assertThat(new CompactionScore(100, 100, 100, 80, 98, 0.6, half, none).advice())
        .containsExactly("The summary is 60% of the original; make it at least 50% shorter.");
  }

  @Test
  void perfectScoreHasNoAdvice() {
    CompactionScore s =
        new CompactionScore(100, 100, 100, 100, 100, 0.25, TOP,
            new CompactionScore.Evidence(List.of(), Map.of(), Map.of(), List.of()));
    assertThat(s.advice()).isEmpty();
  }

  @Test
  void jsonHasTheEvidenceBesideThePartsInOneFlatObject() {
    CompactionScore s = new CompactionScore(75, 80, 40, 50, 60, 0.1, TOP, new CompactionScore.Evidence(
        List.of(SummarySection.PENDING_TASKS), Map.of(KeyKind.FILE_NAMES, 50.0),
        Map.of(KeyKind.FILE_NAMES, List.of("src/Foo.java")), List.of("then")));
    JsonNode json = new ObjectMapper().valueToTree(s);
    assertThat(json.fieldNames()).toIterable().containsExactly("sections", "keyInformation", "continuity",
        "compression", "total", "ratio", "missingSections", "preservation", "lost", "continuityMissing");
    assertThat(json.path("lost").path("FILE_NAMES").get(0).asText()).isEqualTo("src/Foo.java");
    assertThat(json.path("missingSections").get(0).asText()).isEqualTo("PENDING_TASKS");
  }
}
