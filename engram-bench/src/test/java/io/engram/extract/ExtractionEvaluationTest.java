package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.TestResources;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Precision and recall of the offline extractor on the labelled set, as the extraction pass sees its real
 * turns (harness text dropped, {@link LabelledTranscripts}), the hand-written examples and the real turns
 * scored apart, with floors (docs/BENCHMARKS.md has the figures), so that a regression fails the build.
 */
class ExtractionEvaluationTest {
  private static List<LabelledItem> items;

  @BeforeAll
  static void load() throws IOException {
    try (var in = ExtractionEvaluationTest.class.getResourceAsStream("/extract/labelled-turns.jsonl")) {
      assertThat(in).as("labelled set on the test classpath").isNotNull();
      items = LabelledTranscripts.throughTranscriptTurns(
          ExtractionEvaluation.read(new InputStreamReader(in, StandardCharsets.UTF_8)),
          TestResources.path("transcripts/claude-code"));
    }
  }

  @Test
  void labelledSetIsLargeMixedAndMostlyReal() {
    assertThat(items).hasSizeGreaterThanOrEqualTo(60);
    assertThat(items).extracting(LabelledItem::id).doesNotHaveDuplicates();
    long real = items.stream().filter(i -> i.origin().startsWith("transcript:")).count();
    long negatives = items.stream().filter(i -> i.labels().isEmpty()).count();
    // The real sessions' positives are labelled as whole sessions (SessionEvaluationTest); here a quarter at least.
    assertThat(real).isGreaterThanOrEqualTo(items.size() / 4);
    assertThat(negatives).isGreaterThanOrEqualTo(items.size() * 2 / 5);
    assertThat(items).extracting(LabelledItem::split).containsOnly("dev", "heldout").contains("dev", "heldout");
  }

  @Test
  void devSplitStaysAboveItsFloors() {
    ExtractionEvaluation.Score s = score("dev");
    assertThat(s.precision()).as("dev precision %s", s).isGreaterThanOrEqualTo(0.90);
    assertThat(s.recall()).as("dev recall %s", s).isGreaterThanOrEqualTo(0.90);
  }

  @Test
  void heldOutSplitStaysAboveItsFloors() {
    ExtractionEvaluation.Score s = score("heldout");
    assertThat(s.precision()).as("held-out precision %s", s).isGreaterThanOrEqualTo(0.80);
    assertThat(s.recall()).as("held-out recall %s", s).isGreaterThanOrEqualTo(0.80);
  }

  @Test
  void handWrittenExamplesAndRealTurnsAreScoredApartAndEachMeetsTheFloors() {
    for (String selector : List.of("dev:hand", "heldout:hand")) {
      ExtractionEvaluation.Score s = score(selector);
      assertThat(s.labels()).as(selector).isPositive();
      assertThat(s.precision()).as("%s precision %s", selector, s).isGreaterThanOrEqualTo(0.80);
      assertThat(s.recall()).as("%s recall %s", selector, s).isGreaterThanOrEqualTo(0.80);
    }
    // The real turns of this set are all negatives (their positives are in the session labels,
    // SessionEvaluationTest): nothing may be written from them.
    for (String selector : List.of("dev:real", "heldout:real")) {
      ExtractionEvaluation.Score s = score(selector);
      assertThat(s.items()).as(selector).isPositive();
      assertThat(s.candidates()).as("%s: memories from real turns labelled negative %s", selector, s).isZero();
    }
  }

  @Test
  void rulesBeatTheKeywordBaselineMeasuredInTheSameRun() {
    ExtractionEvaluation.Score rules = ExtractionEvaluation.evaluate(new RuleBasedExtractor(), items, i -> true).score();
    ExtractionEvaluation.Score base = ExtractionEvaluation.evaluate(new KeywordBaselineExtractor(), items, i -> true).score();
    assertThat(rules.f1()).isGreaterThan(base.f1() * 1.5);
  }

  @Test
  void benchPrintsEverySplitWithTheBaseline() {
    var bytes = new java.io.ByteArrayOutputStream();
    ExtractionEvaluation.printTable(items, false, new java.io.PrintStream(bytes, true, StandardCharsets.UTF_8));
    String table = bytes.toString(StandardCharsets.UTF_8);
    System.out.print(table);
    assertThat(table).contains("dev ", "heldout ", "heldout:real", "baseline", "F1 ratio rules/baseline");
  }

  @Test
  void scoringMatchesByTypeAndContainedPhraseOnce() throws IOException {
    String jsonl =
        "{\"id\":\"a\",\"split\":\"dev\",\"turns\":[{\"role\":\"USER\",\"text\":\"Never use tabs. Never use var.\"}],"
            + "\"labels\":[{\"type\":\"feedback\",\"phrase\":\"TABS\"},{\"type\":\"project\",\"phrase\":\"var\"}]}\n";
    List<LabelledItem> one = ExtractionEvaluation.read(new StringReader(jsonl));
    ExtractionEvaluation.Report r = ExtractionEvaluation.evaluate(new RuleBasedExtractor(), one, i -> true);
    assertThat(r.score()).isEqualTo(new ExtractionEvaluation.Score(1, 2, 2, 1));
    assertThat(r.items().get(0).missed()).extracting(LabelledItem.Label::phrase).containsExactly("var");
  }

  @Test
  void badLineIsReportedWithItsNumber() {
    String jsonl = "\n{\"id\":\"a\",\"split\":\"dev\",\"turns\":[],\"labels\":[{\"type\":\"opinion\",\"phrase\":\"x\"}]}\n";
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ExtractionEvaluation.read(new StringReader(jsonl)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("opinion");
  }

  private static ExtractionEvaluation.Score score(String selector) {
    ExtractionEvaluation.Report r =
        ExtractionEvaluation.evaluate(new RuleBasedExtractor(), items, i -> ExtractionEvaluation.selects(selector, i));
    return r.score();
  }
}
