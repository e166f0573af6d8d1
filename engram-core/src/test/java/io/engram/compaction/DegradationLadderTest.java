package io.engram.compaction;

import static io.engram.compaction.LadderStep.Action.ACCEPT;
import static io.engram.compaction.LadderStep.Action.KEEP_FRAGMENTS;
import static io.engram.compaction.LadderStep.Action.RECOMPACT;
import static io.engram.compaction.LadderStep.Action.SUMMARIZE;
import static io.engram.compaction.LadderStep.Action.SUMMARIZER_FAILED;
import static io.engram.compaction.LadderStep.Action.TRUNCATE;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DegradationLadderTest {
  static final KeyInformation ORIGINAL =
      new KeyInformation(
          Map.of(
              KeyKind.FILE_NAMES, List.of("src/App.java", "pom.xml"),
              KeyKind.USER_INSTRUCTIONS, List.of("use records")));
  static final CompactionScorer SCORER =
      new CompactionScorer(EngramSettings.Compaction.DEFAULTS, ORIGINAL, 100, CompactionScorerTest.WORDS);
  static final DegradationLadder LADDER = new DegradationLadder(EngramSettings.Compaction.DEFAULTS);

  /** All 8 sections, 5 continuity words, both files and the instruction: 100. */
  static final String PERFECT = summary("App.java pom.xml", "first then next, finally currently, use records");
  /** All sections, no continuity words (CC 0), everything kept: 30 + 40 + 0 + 10 = 80. */
  static final String NO_CONTINUITY = summary("App.java pom.xml", "use records");
  /** All sections, 2 continuity words (CC 40), files 1/2 (KP 87.5): 30 + 35 + 8 + 10 = 83. */
  static final String ONE_FILE_LOST = summary("App.java", "then next; use records");
  /** All sections, 1 continuity word (CC 20), files 0/2 (KP 75): 30 + 30 + 4 + 10 = 74. */
  static final String FILES_LOST = summary("nothing", "then use records");
  /** All sections, no continuity (CC 0), files 1/2 (KP 87.5): 30 + 35 + 0 + 10 = 75. */
  static final String RETRY_BAND = summary("App.java", "use records");

  static String summary(String files, String work) {
    StringBuilder s = new StringBuilder("<summary>\n");
    for (SummarySection section : SummarySection.values()) {
      String body = switch (section) {
        case FILES_AND_CODE -> files;
        case CURRENT_WORK -> work;
        default -> "filler words here for the body";
      };
      s.append(section.number()).append(". ").append(section.title()).append(":\n").append(body).append("\n\n");
    }
    return s.append("</summary>").toString();
  }

  record Scripted(Deque<String> answers, List<SummaryRequest> requests) implements Summarizer {
    static Scripted of(String... answers) {
      return new Scripted(new ArrayDeque<>(List.of(answers)), new ArrayList<>());
    }

    @Override
    public String summarize(SummaryRequest request) {
      requests.add(request);
      String next = answers.pop();
      if (next.equals("FAIL")) {
        throw new IllegalStateException("model down");
      }
      return next;
    }
  }

  static List<LadderStep.Action> actions(LadderOutcome o) {
    return o.steps().stream().map(LadderStep::action).toList();
  }

  @Test
  void theScoresOfTheFixturesAreAsComputedByHand() {
    assertThat(SCORER.score(PERFECT).total()).isEqualTo(100.0);
    assertThat(SCORER.score(NO_CONTINUITY).total()).isEqualTo(80.0);
    assertThat(SCORER.score(ONE_FILE_LOST).total()).isEqualTo(83.0);
    assertThat(SCORER.score(FILES_LOST).total()).isEqualTo(74.0);
    assertThat(SCORER.score(RETRY_BAND).total()).isEqualTo(75.0);
  }

  @Test
  void passingFirstSummaryIsAccepted() {
    Scripted s = Scripted.of(NO_CONTINUITY);
    LadderOutcome o = LADDER.run(s, SCORER, "focus on X", 10);
    assertThat(o.result()).isEqualTo(LadderOutcome.Result.SUMMARY);
    assertThat(actions(o)).containsExactly(SUMMARIZE, ACCEPT);
    assertThat(o.score().orElseThrow().total()).isEqualTo(80.0);
    assertThat(o.summary()).contains("8. Current Work:\nuse records");
    assertThat(s.requests().get(0).prompt()).endsWith("focus on X\n");
    assertThat(s.requests().get(0).degraded()).isFalse();
  }

  @Test
  void retryBandRecompactsWithTheAdvice() {
    Scripted s = Scripted.of(RETRY_BAND, PERFECT);
    LadderOutcome o = LADDER.run(s, SCORER, "", 10);
    assertThat(actions(o)).containsExactly(SUMMARIZE, RECOMPACT, ACCEPT);
    assertThat(o.result()).isEqualTo(LadderOutcome.Result.SUMMARY);
    SummaryRequest retry = s.requests().get(1);
    assertThat(retry.attempt()).isEqualTo(2);
    assertThat(retry.degraded()).isTrue();
    assertThat(retry.advice()).anySatisfy(a -> assertThat(a).contains("pom.xml"));
    assertThat(retry.prompt()).contains("scored 75.0", "\"pom.xml\"");
  }

  @Test
  void severeLossKeepsOriginalFragmentsAfterTheRetriesRunOut() {
    Scripted s = Scripted.of(FILES_LOST, FILES_LOST, FILES_LOST);
    LadderOutcome o = LADDER.run(s, SCORER, "", 10);
    // 74 (files 0%), 2 re-compactions at 74, then fragments: files 100%, KP 100: 30 + 40 + 4 + 10 = 84.
    assertThat(actions(o)).containsExactly(SUMMARIZE, RECOMPACT, RECOMPACT, KEEP_FRAGMENTS, ACCEPT);
    assertThat(o.result()).isEqualTo(LadderOutcome.Result.SUMMARY_WITH_FRAGMENTS);
    assertThat(o.score().orElseThrow().total()).isEqualTo(84.0);
    assertThat(o.summary()).contains("Key fragments from the original conversation:\n- src/App.java\n- pom.xml");
  }

  @Test
  void repeatedFailureWithoutSevereLossTruncatesToTheLastThirtyPercent() {
    Scripted s = Scripted.of(RETRY_BAND, RETRY_BAND, RETRY_BAND);
    LadderOutcome o = LADDER.run(s, SCORER, "", 25);
    assertThat(actions(o)).containsExactly(SUMMARIZE, RECOMPACT, RECOMPACT, TRUNCATE);
    assertThat(o.result()).isEqualTo(LadderOutcome.Result.TRUNCATED);
    // ceil(0.3 * 25) = 8 kept: messages 17..24.
    assertThat(o.keepFromMessage()).isEqualTo(17);
    assertThat(o.summary()).isEmpty();
    assertThat(o.score()).isEmpty();
  }

  @Test
  void scoreBelowTheRetryBandDoesNotRecompact() {
    String bad = "no sections at all";
    LadderOutcome o = LADDER.run(Scripted.of(bad), SCORER, "", 3);
    assertThat(actions(o)).containsExactly(SUMMARIZE, KEEP_FRAGMENTS, TRUNCATE);
    assertThat(o.keepFromMessage()).isEqualTo(2);
  }

  @Test
  void failingSummarizerIsRecordedAndTruncates() {
    LadderOutcome o = LADDER.run(Scripted.of("FAIL"), SCORER, "", 1);
    assertThat(actions(o)).containsExactly(SUMMARIZER_FAILED, TRUNCATE);
    assertThat(o.steps().get(0).detail()).contains("model down");
    assertThat(o.keepFromMessage()).isZero();
  }

  @Test
  void stepsAreNumberedInOrder() {
    LadderOutcome o = LADDER.run(Scripted.of(RETRY_BAND, "FAIL"), SCORER, "", 10);
    assertThat(actions(o)).containsExactly(SUMMARIZE, SUMMARIZER_FAILED, TRUNCATE);
    assertThat(o.steps()).extracting(LadderStep::number).containsExactly(1, 2, 3);
  }

  @Test
  void outcomeWritesAsJsonWithScoresOnlyWhereThereAreSome() throws Exception {
    LadderOutcome o = LADDER.run(Scripted.of(RETRY_BAND, "FAIL"), SCORER, "", 10);
    com.fasterxml.jackson.databind.JsonNode json =
        new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(o);
    assertThat(json.path("result").asText()).isEqualTo("TRUNCATED");
    assertThat(json.has("score")).isFalse();
    assertThat(json.path("steps").get(0).path("score").path("total").asDouble()).isEqualTo(75.0);
    assertThat(json.path("steps").get(0).path("score").path("lost").path("FILE_NAMES").get(0).asText())
        .isEqualTo("pom.xml");
    assertThat(json.path("steps").get(1).has("score")).isFalse();
    assertThat(json.path("keepFromMessage").asInt()).isEqualTo(7);
  }
}
