package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RelevanceFloorTest {
  // The query is English: "zh" memories are Chinese, "ko" Korean, the rest English.
  private static final Map<String, Script> SCRIPTS = Map.of("zh-answer", Script.CJK, "zh-topic", Script.CJK,
      "ko-note", Script.HANGUL);

  private final AtomicInteger measured = new AtomicInteger();

  /** Query floor 0.4, nearest Chinese reference prompt 0.2, on a scale of 0.5. */
  private RelevanceFloor floor(OptionalDouble margin) {
    return new RelevanceFloor(0.3, 0.4, Double.NEGATIVE_INFINITY,
        id -> Optional.ofNullable(SCRIPTS.get(id)), script -> {
          measured.incrementAndGet();
          return script == Script.CJK ? 0.2 : Double.NaN;
        }, margin, 0.5);
  }

  private static Candidate byMeaning(String id, double cosine) {
    return new Candidate(id, 0.5, OptionalInt.empty(), OptionalInt.of(1), 0, OptionalDouble.of(cosine), List.of());
  }

  @Test
  void aMemoryInTheOtherScriptIsJudgedAgainstTheNearestReferencePromptOfItsOwnScript() {
    RelevanceFloor floor = floor(OptionalDouble.of(0.1)); // 0.2 + 0.1 * 0.5 = 0.25

    assertThat(floor.clears(byMeaning("zh-answer", 0.3))).isTrue();
    assertThat(floor.clears(byMeaning("zh-topic", 0.24))).isFalse();
    assertThat(floor.clears(byMeaning("en-topic", 0.3))).as("the query's own script keeps its floor").isFalse();
    assertThat(floor.clears(byMeaning("en-answer", 0.45))).isTrue();
    assertThat(floor.vectorFloor(byMeaning("zh-answer", 0.3))).isEqualTo(0.25);
    assertThat(measured).as("the reference measured once a query and script").hasValue(1);
  }

  @Test
  void withoutAMarginOrAReferenceEveryMemoryHasTheQuerysFloor() {
    assertThat(floor(OptionalDouble.empty()).clears(byMeaning("zh-answer", 0.3))).isFalse();
    assertThat(floor(OptionalDouble.of(0.1)).clears(byMeaning("ko-note", 0.3))).as("no Korean references").isFalse();
    assertThat(measured).hasValue(0);
    assertThat(RelevanceFloor.fixed(0.3, 0.4, Double.NEGATIVE_INFINITY).clears(byMeaning("zh-answer", 0.3))).isFalse();
  }

  @Test
  void theKeywordRouteIsUnchanged() {
    Candidate words = new Candidate("zh-topic", 0.5, OptionalInt.of(1), OptionalInt.empty(), 0.5,
        OptionalDouble.empty(), List.of());

    assertThat(floor(OptionalDouble.of(0.1)).clears(words)).isTrue();
    Candidate wordsTheModelDoesNotVouchFor = new Candidate("en", 0.5, OptionalInt.of(1), OptionalInt.of(9), 0.5,
        OptionalDouble.of(0.5), List.of());
    assertThat(RelevanceFloor.fixed(0.3, 0.6, 0.9).clears(wordsTheModelDoesNotVouchFor)).isFalse();
  }

  @Test
  void aPairSendsAChineseQuestionsEnglishAnswerThatTheQuestionsOwnFloorHeldBack() {
    ScriptShiftsTest.ScriptMindedModel model = new ScriptShiftsTest.ScriptMindedModel();
    RecallIndex index = new RecallIndex(new InMemorySearchIndex(), Optional.of(model));
    index.sync(List.of(RecallFixtures.doc("dog-park", "The dog park opens at seven."),
        RecallFixtures.doc("tax-office", "税务局周一休息。")));
    String question = "狗公园几点开门？";
    io.engram.config.RecallSettings anchored = io.engram.config.RecallSettings.DEFAULTS
        .with("anchorMargins", Map.of(model.name(), 0.05));
    io.engram.config.RecallSettings acrossScripts = anchored
        .with("otherScriptMargins", Map.of(model.name(), 0.1));
    List<Candidate> found = index.search(RecallQuery.of(question), acrossScripts, java.time.Instant.EPOCH);
    Candidate answer = found.stream().filter(c -> c.id().equals("dog-park")).findFirst().orElseThrow();
    Candidate other = found.stream().filter(c -> c.id().equals("tax-office")).findFirst().orElseThrow();

    // Any two Chinese texts share the script's component: the question's own floor sits above its English answer.
    assertThat(index.relevanceFloor(question, anchored).clears(answer)).isFalse();
    assertThat(index.relevanceFloor(question, acrossScripts).clears(answer)).isTrue();
    assertThat(index.relevanceFloor(question, acrossScripts).clears(other)).isFalse();
  }

  @Test
  void theLabsMarginKeepsTheReferenceMeasured() {
    RelevanceFloor floor = floor(OptionalDouble.empty());
    RelevanceFloor strict = floor.withOtherScriptMargin(0.2); // 0.3
    RelevanceFloor loose = floor.withOtherScriptMargin(0.0); // 0.2

    assertThat(strict.clears(byMeaning("zh-answer", 0.28))).isFalse();
    assertThat(loose.clears(byMeaning("zh-answer", 0.28))).isTrue();
    assertThat(measured).hasValue(1);
  }

  @Test
  void aKeywordMatchCoveringTheWholeQueryClearsTheGateOnlyWhenSomeoneAsked() {
    RelevanceFloor gated = RelevanceFloor.fixed(0.3, 0.9, 0.6); // the model reads the memory at 0.4: below the gate
    Candidate everyWord = new Candidate("api", 0.5, OptionalInt.of(1), OptionalInt.of(2), 1.0, OptionalDouble.of(0.4),
        List.of());
    Candidate someWords = new Candidate("api-docs", 0.5, OptionalInt.of(2), OptionalInt.of(1), 0.6,
        OptionalDouble.of(0.4), List.of());

    assertThat(gated.clears(everyWord)).as("unasked, the gate holds").isFalse();
    assertThat(gated.forKind(RecallKind.INJECTION, 1.0).clears(everyWord)).isFalse();
    RelevanceFloor asked = gated.forKind(RecallKind.SEARCH, 1.0);
    assertThat(asked.clears(everyWord)).isTrue();
    assertThat(asked.clears(someWords)).as("part of the query: the gate still holds").isFalse();
    assertThat(gated.forKind(RecallKind.SEARCH, 0.5).clears(someWords)).isTrue();
    assertThat(gated.forKind(RecallKind.SEARCH, 0.1).passesUngated(new Candidate("x", 0.5, OptionalInt.of(3),
        OptionalInt.empty(), 0.2, OptionalDouble.of(0.4), List.of()))).as("never below the keyword floor").isFalse();
  }
}
