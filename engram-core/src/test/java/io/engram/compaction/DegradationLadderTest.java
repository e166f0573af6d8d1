package io.engram.compaction;

import static io.engram.compaction.LadderStep.Action.ACCEPT;
import static io.engram.compaction.LadderStep.Action.KEEP_FRAGMENTS;
import static io.engram.compaction.LadderStep.Action.RECOMPACT;
import static io.engram.compaction.LadderStep.Action.SUMMARIZE;
import static io.engram.compaction.LadderStep.Action.SUMMARIZER_FAILED;
import static io.engram.compaction.LadderStep.Action.TRUNCATE;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.CompactionSettings;
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
  /** The state of the work the summaries are held against: gqc.6 in progress, gqc.7 and gqc.8 open. */
  static final Continuity STATE = new Continuity(List.of("gqc.7", "gqc.8"),
      Map.of("gqc.6", 3.0, "parser", 1.0, "tests", 1.0));
  static final CompactionScorer SCORER =
      new CompactionScorer(CompactionSettings.DEFAULTS, ORIGINAL, STATE, 300, CompactionScorerTest.WORDS);
  static final DegradationLadder LADDER = new DegradationLadder(CompactionSettings.DEFAULTS);

  static final String BOTH_FILES = "App.java and pom.xml were edited for the parser.";
  static final String ONE_FILE = "App.java was edited for the parser.";
  static final String NO_FILE = "Some files were edited for the parser.";
  static final String ALL_OPEN = "- [open] gqc.7 and gqc.8 are still to do.";
  static final String ONE_OPEN = "- [open] gqc.7 is still to do.";
  static final String NONE_OPEN = "- [open] the rest of the work is still to do.";
  static final String CURRENT = "Working on gqc.6 at the cut.";
  static final String ELSEWHERE = "Working on the review page at the cut.";
  static final String NEXT = "Finish gqc.6 and run the tests.";
  static final String STALE = "Now add the flash display to the template.";

  // Every section holds a statement; the ratio (kept words / 300) stays inside the band: CR = 100.
  /** Everything kept and said: 30 + 40 + 20 + 10 = 100. */
  static final String PERFECT = summary(BOTH_FILES, ALL_OPEN, CURRENT, NEXT);
  /** Files and instruction kept, nothing about the state of the work (CC 0): 30 + 40 + 0 + 10 = 80. */
  static final String NO_CONTINUITY = summary(BOTH_FILES, NONE_OPEN, ELSEWHERE, STALE);
  /** Files 1/2 (KP 87.5), the open work named (CC 40): 30 + 35 + 8 + 10 = 83. */
  static final String ONE_FILE_LOST = summary(ONE_FILE, ALL_OPEN, ELSEWHERE, STALE);
  /** Files 0/2 (KP 75), half the open work named (CC 20): 30 + 30 + 4 + 10 = 74. */
  static final String FILES_LOST = summary(NO_FILE, ONE_OPEN, ELSEWHERE, STALE);
  /** Files 1/2 (KP 87.5), nothing about the state of the work (CC 0): 30 + 35 + 0 + 10 = 75. */
  static final String RETRY_BAND = summary(ONE_FILE, NONE_OPEN, ELSEWHERE, STALE);

  static String summary(String files, String pending, String current, String next) {
    StringBuilder s = new StringBuilder("<summary>\n");
    for (SummarySection section : SummarySection.values()) {
      String body = switch (section) {
        case FILES_AND_CODE -> files;
        case USER_MESSAGES -> "- use records";
        case PENDING_TASKS -> pending;
        case CURRENT_WORK -> current;
        case NEXT_STEP -> next;
        default -> "The work on the parser went on as it was planned.";
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
    assertThat(o.summary()).contains("8. Current Work:\n" + ELSEWHERE);
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
    // 74 (files 0%), 2 re-compactions at 74, then fragments: files 100%, KP 100: 30 + 40 + 4 + 10 = 84
    // (the fragments add words; the ratio stays inside the band).
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
    // The best summary came within the retry band: it is kept beside the recent messages.
    assertThat(o.summary()).isNotEmpty();
    assertThat(o.score().orElseThrow().total()).isEqualTo(75.0);
    assertThat(o.steps().get(3).detail()).contains("with the best summary (score 75.0)");
  }

  @Test
  void scoreBelowTheRetryBandDoesNotRecompact() {
    String bad = "no sections at all";
    LadderOutcome o = LADDER.run(Scripted.of(bad), SCORER, "", 3);
    // Fragments cannot make up for saying nothing about the work: still below the pass mark, truncated.
    assertThat(actions(o)).containsExactly(SUMMARIZE, KEEP_FRAGMENTS, TRUNCATE);
    assertThat(o.keepFromMessage()).isEqualTo(2);
    // Below the retry band nothing held: only the messages are kept.
    assertThat(o.summary()).isEmpty();
    assertThat(o.score()).isEmpty();
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
    assertThat(json.path("score").path("total").asDouble()).isEqualTo(75.0);
    assertThat(json.path("steps").get(0).path("score").path("total").asDouble()).isEqualTo(75.0);
    assertThat(json.path("steps").get(0).path("score").path("lost").path("FILE_NAMES").get(0).asText())
        .isEqualTo("pom.xml");
    assertThat(json.path("steps").get(1).has("score")).isFalse();
    assertThat(json.path("keepFromMessage").asInt()).isEqualTo(7);
  }
}
