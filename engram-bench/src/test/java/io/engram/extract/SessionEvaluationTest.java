package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramSettings;
import io.engram.testing.TestResources;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The offline rules on the hand-labelled real sessions, with floors set at what the issue asks (precision and
 * recall of at least 0.8; measured: docs/BENCHMARKS.md), so that a regression fails the build.
 */
class SessionEvaluationTest {
  private static final Path LABELS = TestResources.path("extract/real-labels");
  private static final Path TRANSCRIPTS = TestResources.path("transcripts/claude-code");

  @Test
  void theRulesMeetThePrecisionAndRecallFloorsOnTheRealSessions() throws Exception {
    List<SessionEvaluation.SessionResult> results = SessionEvaluation.evaluate(new RuleBasedExtractor(),
        SessionLabels.readAll(LABELS), TRANSCRIPTS, EngramSettings.DEFAULTS);
    SessionEvaluation.Tally t = SessionEvaluation.total(results);

    assertThat(t.sessions()).isEqualTo(9);
    assertThat(t.required()).isGreaterThanOrEqualTo(6);
    assertThat(t.precision()).as("precision %s", t).isGreaterThanOrEqualTo(0.8);
    assertThat(t.recall()).as("recall %s", t).isGreaterThanOrEqualTo(0.8);
    assertThat(results).flatExtracting(SessionEvaluation.SessionResult::falsePositives)
        .as("nothing a label says must not be saved").allSatisfy(fp -> assertThat(fp.forbidden()).isEmpty());
  }

  @Test
  void theKeywordBaselineFindsNoWorkflowFact() throws Exception {
    SessionEvaluation.Tally t = SessionEvaluation.total(SessionEvaluation.evaluate(new KeywordBaselineExtractor(),
        SessionLabels.readAll(LABELS), TRANSCRIPTS, EngramSettings.DEFAULTS));
    assertThat(t.hits()).isZero();
  }

  @Test
  void printsEverySessionBesideTheBaseline() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SessionEvaluation.printTable(LABELS, TRANSCRIPTS, true, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String table = bytes.toString(StandardCharsets.UTF_8);
    System.out.print(table);
    assertThat(table).contains("ae4a77f8", "baseline", "all (9 sessions)", "F1 rules");
  }

  @Test
  void aWrittenMemoryIsAHitANeutralOrAFalsePositive(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("s.json");
    Files.writeString(file, """
        {"transcript": "s.jsonl", "memories": [
          {"id": "tracker", "type": "project", "required": true, "match": [["bd"], ["bead*", "tracker"]]},
          {"id": "tests", "type": ["project", "feedback"], "required": false, "match": [["mix test"]]},
          {"id": "push", "type": "feedback", "required": true, "match": [["push"]]}],
         "mustNotSave": [{"what": "credo's issue link", "match": [["rrrene/credo"]]}]}""");
    SessionLabels labels = SessionLabels.read(file);
    List<ExtractionOutcome> written = List.of(
        outcome("task-tracker-beads", "Work is tracked in beads: `bd close <id>`."),
        outcome("test-command", "Tests run with `mix test`."),
        outcome("issue-tracker-github", "https://github.com/rrrene/credo/issues"));

    SessionEvaluation.SessionResult r = SessionEvaluation.score(labels, written);

    assertThat(r.hits()).containsExactly("tracker");
    assertThat(r.missed()).containsExactly("push");
    assertThat(r.tally()).isEqualTo(new SessionEvaluation.Tally(1, 3, 1, 2, 1));
    assertThat(r.tally().precision()).isEqualTo(0.5);
    assertThat(r.falsePositives()).singleElement()
        .satisfies(fp -> assertThat(fp.forbidden()).contains("credo's issue link"));
  }

  @Test
  void phrasesMatchWholeWordsAndAStarMatchesAnyEnding() {
    PhraseGroups g = new PhraseGroups(List.of(List.of("bd"), List.of("migrat*")));
    assertThat(g.matches("Run `bd close` after the migration.")).isTrue();
    assertThat(g.matches("abdomen migration")).isFalse();
    assertThat(g.matches("bd ecto.migrate")).isTrue();
    assertThat(g.matches("bd immigrate")).isFalse();
  }

  @Test
  void aBadLabelFileSaysWhichFileAndField(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("bad.json");
    Files.writeString(file, "{\"transcript\": \"x.jsonl\", \"memories\": [{\"id\": \"a\", \"type\": \"project\"}]}");
    assertThatThrownBy(() -> SessionLabels.readAll(dir)).isInstanceOf(IOException.class)
        .hasMessageContaining("bad.json").hasMessageContaining("missing field 'required'");
  }

  private static ExtractionOutcome outcome(String name, String body) {
    return new ExtractionOutcome(ExtractionOutcome.Kind.CREATED, name, io.engram.memory.MemoryType.PROJECT,
        new ExtractionOutcome.Origin(io.engram.memory.MemorySource.SESSION, true), name, body,
        java.util.Optional.empty(), java.util.Optional.empty());
  }
}
