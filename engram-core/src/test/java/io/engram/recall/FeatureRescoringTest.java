package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.RecallSettings;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class FeatureRescoringTest {
  private static final Instant NOW = Instant.parse("2023-05-20T10:00:00Z");
  private static final RecallSettings.Rescoring ON = RecallSettings.Rescoring.DEFAULTS;

  private static RecallDocument turn(String id, String speaker, String words, String context) {
    return RecallDocument.of(id, speaker, "", words + "\n" + words, NOW).withContext(context);
  }

  /** A turn of the session its id names ({@code D3} of {@code D3:4}), following the turn numbered one less. */
  private static RecallDocument sessionTurn(String id, String speaker, String words) {
    String session = id.substring(0, id.indexOf(':'));
    int number = Integer.parseInt(id.substring(id.indexOf(':') + 1));
    return turn(id, speaker, words, "").inGroup(session, number > 1 ? session + ":" + (number - 1) : "");
  }

  private static Candidate found(String id, double fused, String... routes) {
    return new Candidate(id, fused, OptionalInt.of(1), OptionalInt.empty(), 0.5, OptionalDouble.empty(),
        List.of(routes));
  }

  private static Map<String, RecallDocument> byId(RecallDocument... docs) {
    Map<String, RecallDocument> out = new LinkedHashMap<>();
    for (RecallDocument d : docs) {
      out.put(d.id(), d);
    }
    return out;
  }

  @Test
  void ownTextMatchOutranksNeighbourRidingOnContext() {
    RecallDocument rider = turn("D1:2", "Mel", "Wow, that sounds amazing!",
        "Caroline: I went to the pottery workshop with my kids and we painted bowls");
    RecallDocument speaker = turn("D1:1", "Caroline", "I went to the pottery workshop with my kids and we painted"
        + " bowls", "Mel: Wow, that sounds amazing!");
    // Before the last stage the short reply is ahead: its context repeats the whole exchange.
    List<Candidate> ranked = List.of(found("D1:2", 1.0), found("D1:1", 0.95));

    List<Candidate> out = FeatureRescoring.rescore("what did Caroline paint at the pottery workshop?", ranked,
        byId(rider, speaker), ON);

    assertThat(out).extracting(Candidate::id).containsExactly("D1:1", "D1:2");
  }

  @Test
  void whenQuestionLiftsTheTurnThatSaysWhen() {
    RecallDocument says = turn("D2:1", "Jon", "I lost my job at the bank last week, it was a shock to everyone",
        "");
    RecallDocument not = turn("D2:2", "Jon", "Losing the job at the bank was a shock and I am looking for work now",
        "");
    List<Candidate> ranked = List.of(found("D2:2", 1.0), found("D2:1", 0.9));

    assertThat(FeatureRescoring.rescore("When did Jon lose his job at the bank?", ranked, byId(says, not), ON))
        .extracting(Candidate::id).containsExactly("D2:1", "D2:2");
    assertThat(FeatureRescoring.rescore("Why did Jon lose his job at the bank?", ranked, byId(says, not), ON))
        .extracting(Candidate::id).containsExactly("D2:2", "D2:1");
  }

  @Test
  void aDatedCandidateGainsOverAnUndatedOne() {
    RecallDocument a = turn("a", "Ann", "we moved the deploy to friday after the outage review", "");
    RecallDocument b = turn("b", "Ann", "we moved the deploy to friday after the outage review", "");
    List<Candidate> ranked = List.of(found("a", 1.0), found("b", 0.97, "dated"));

    assertThat(FeatureRescoring.rescore("deploy moved", ranked, byId(a, b), ON)).extracting(Candidate::id)
        .containsExactly("b", "a");
  }

  @Test
  void aOneLineReplyRanksBelowATurnThatSaysSomething() {
    RecallDocument reply = turn("r", "Mel", "Nice!", "Caroline: adoption agencies, counselling, the interview");
    RecallDocument told = turn("t", "Caroline", "The adoption agency called back, the interview is set and the"
        + " counselling sessions start in two weeks with a social worker", "");
    List<Candidate> ranked = List.of(found("r", 1.0), found("t", 0.9));

    assertThat(FeatureRescoring.rescore("adoption interview", ranked, byId(reply, told), ON))
        .extracting(Candidate::id).containsExactly("t", "r");
  }

  @Test
  void aTurnInTheSessionOfTheBestMatchOutranksAnEqualTurnOfAnotherSession() {
    RecallDocument best = sessionTurn("D3:1", "Ann", "the adoption agency called about the home study visit");
    RecallDocument sameSession = sessionTurn("D3:4", "Ann", "the interview with the social worker went really well");
    RecallDocument otherSession = sessionTurn("D7:2", "Ann", "the interview with the new manager went really well");
    List<Candidate> ranked = List.of(found("D3:1", 1.0), found("D7:2", 0.6), found("D3:4", 0.58));

    assertThat(FeatureRescoring.rescore("adoption interview", ranked, byId(best, sameSession, otherSession), ON))
        .extracting(Candidate::id).containsExactly("D3:1", "D3:4", "D7:2");
  }

  @Test
  void theReplyToAMatchingQuestionIsLiftedAndTheQuestionItselfLowered() {
    RecallDocument asked = sessionTurn("D14:22", "John", "Does Max have any special talents at catching things?");
    RecallDocument reply = sessionTurn("D14:23", "James", "He's awesome at catching frisbees in mid-air, never misses!");
    RecallDocument other = sessionTurn("D9:5", "James", "Max loves catching the ball when we walk on the trail nearby");
    List<Candidate> ranked = List.of(found("D14:22", 1.0), found("D9:5", 0.7), found("D14:23", 0.55));

    List<Candidate> out = FeatureRescoring.rescore("What is Max good at catching?", ranked, byId(asked, reply, other), ON);

    assertThat(out).extracting(Candidate::id).startsWith("D14:23");
    RecallSettings.Rescoring noAnswers = ON.with("answers", 0.0);
    assertThat(FeatureRescoring.rescore("What is Max good at catching?", ranked, byId(asked, reply, other),
        noAnswers.with("question", 0.0))).extracting(Candidate::id).startsWith("D14:22");
  }

  @Test
  void aReplyToAStatementGetsNothingForFollowingIt() {
    RecallDocument stated = sessionTurn("D2:1", "Ann", "I finally booked the flight to Lisbon for the conference");
    RecallDocument reply = sessionTurn("D2:2", "Bo", "That sounds like a great trip, enjoy the conference in Lisbon");
    List<Candidate> ranked = List.of(found("D2:1", 1.0), found("D2:2", 0.5));
    Map<String, RecallDocument> docs = byId(stated, reply);

    List<Candidate> on = FeatureRescoring.rescore("Lisbon conference flight", ranked, docs, ON);
    List<Candidate> off = FeatureRescoring.rescore("Lisbon conference flight", ranked, docs, ON.with("answers", 0.0));

    // Only the scaling back differs (the answers weight counts in it): the scores keep their ratio.
    assertThat(on).extracting(Candidate::id).containsExactly("D2:1", "D2:2");
    assertThat(on.get(1).fused() / on.get(0).fused())
        .isCloseTo(off.get(1).fused() / off.get(0).fused(), org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void memoriesOutsideAnyGroupScoreTheSameWhateverTheGroupAndAnswersWeights() {
    RecallDocument a = RecallDocument.of("a.md", "deploy freeze", "", "no deploys on friday after the outage", NOW);
    RecallDocument b = RecallDocument.of("b.md", "deploy checks", "", "run the smoke tests before every deploy", NOW);
    List<Candidate> ranked = List.of(found("a.md", 1.0), found("b.md", 0.8));

    assertThat(FeatureRescoring.rescore("deploy on friday", ranked, byId(a, b), ON)).isEqualTo(
        FeatureRescoring.rescore("deploy on friday", ranked, byId(a, b), ON.with("group", 0.0).with("answers", 0.0)));
  }

  @Test
  void everyWeightZeroLeavesTheRankingExactlyAsItWas() {
    RecallDocument reply = turn("r", "Mel", "Nice!", "");
    RecallDocument told = turn("t", "Caroline", "The adoption agency called back, the interview is set", "");
    List<Candidate> ranked = List.of(found("r", 1.0), found("t", 0.9));

    assertThat(FeatureRescoring.rescore("adoption interview", ranked, byId(reply, told),
        RecallSettings.Rescoring.OFF)).isSameAs(ranked);
  }

  @Test
  void aCandidateWithoutScoreStaysWithoutScore() {
    RecallDocument a = turn("a", "Ann", "the adoption interview went well", "");
    RecallDocument b = turn("b", "Ann", "the adoption interview is next week on monday morning", "");
    List<Candidate> ranked = List.of(found("a", 1.0), found("b", 0.0));

    List<Candidate> out = FeatureRescoring.rescore("when is the adoption interview", ranked, byId(a, b), ON);

    assertThat(out.get(1).id()).isEqualTo("b");
    assertThat(out.get(1).fused()).isZero();
    assertThat(out.get(0).fused()).isPositive().isLessThanOrEqualTo(1.0);
  }

  @Test
  void theBestTokenMatchLiftsItsCandidate() {
    RecallDocument told = turn("t", "John", "I finished the novel last night, what a ride", "");
    RecallDocument asked = turn("a", "Tim", "Have you read anything good lately?", "");
    List<Candidate> ranked = List.of(found("a", 1.0), found("t", 0.95));
    var matches = new FeatureRescoring.TokenMatches(Map.of("t", 0.71, "a", 0.42), Map.of());

    assertThat(FeatureRescoring.rescore("books John read", ranked, byId(told, asked), ON, matches))
        .extracting(Candidate::id).containsExactly("t", "a");
  }

  @Test
  void aQuestionWhoseReplyMeetsTheQueryIsLifted() {
    RecallDocument question = sessionTurn("D1:1", "Tim", "What are you reading these days?");
    RecallDocument other = sessionTurn("D2:1", "Tim", "What are you cooking these days?");
    List<Candidate> ranked = List.of(found("D2:1", 1.0), found("D1:1", 0.97));
    var matches = new FeatureRescoring.TokenMatches(Map.of("D1:1", 0.5, "D2:1", 0.5),
        Map.of("D1:1", 0.8, "D2:1", 0.3));

    assertThat(FeatureRescoring.rescore("books Tim reads", ranked, byId(question, other), ON, matches))
        .extracting(Candidate::id).containsExactly("D1:1", "D2:1");
  }

  @Test
  void withoutTokenMatchesTheWeightIsLeftOutOfTheScaling() {
    RecallDocument a = turn("a", "Ann", "the adoption interview went well", "");
    RecallDocument b = turn("b", "Ann", "the agency called about the interview", "");
    List<Candidate> ranked = List.of(found("a", 1.0), found("b", 0.8));

    assertThat(FeatureRescoring.rescore("adoption interview", ranked, byId(a, b), ON,
        FeatureRescoring.TokenMatches.NONE)).isEqualTo(FeatureRescoring.rescore("adoption interview", ranked,
        byId(a, b), ON.with("tokens", 0.0).with("replyTokens", 0.0)));
  }

  @Test
  void equalTokenMatchesMoveNothing() {
    RecallDocument a = turn("a", "Ann", "the adoption interview went well", "");
    RecallDocument b = turn("b", "Ann", "the agency called about the interview", "");
    List<Candidate> ranked = List.of(found("a", 1.0), found("b", 0.8));

    List<Candidate> out = FeatureRescoring.rescore("adoption interview", ranked, byId(a, b), ON,
        new FeatureRescoring.TokenMatches(Map.of("a", 0.5, "b", 0.5), Map.of()));

    assertThat(out).extracting(Candidate::id)
        .isEqualTo(FeatureRescoring.rescore("adoption interview", ranked, byId(a, b), ON).stream()
            .map(Candidate::id).toList());
  }

  @Test
  void theStageRunsInRecallsSearchAndTheContextIsSearchedButNotOwn() {
    RecallIndex index = new RecallIndex(SearchIndex.inMemory(), Optional.empty());
    index.sync(List.of(turn("D1:1", "Caroline", "I signed up for the pottery class on saturday mornings", ""),
        turn("D1:2", "Mel", "Cool", "Caroline: I signed up for the pottery class on saturday mornings")));

    List<Candidate> on = index.search(RecallQuery.of("pottery class"), RecallSettings.DEFAULTS, NOW);

    assertThat(on).extracting(Candidate::id).containsExactly("D1:1", "D1:2");
    assertThat(index.documents().get("D1:2").ownText()).doesNotContain("pottery");
    assertThat(index.documents().get("D1:2").searchText()).contains("pottery");
  }

  @Test
  void aDocumentsTermsAreKeptByItsTextSoAChangedTextIsReadAgain() {
    String text = "redis\nThe tests need a running redis server " + System.nanoTime();

    assertThat(FeatureRescoring.ownTerms(text)).isEqualTo(FeatureRescoring.terms(text))
        .isSameAs(FeatureRescoring.ownTerms(text));
    assertThat(FeatureRescoring.ownTerms(text + " and kafka")).contains("kafka");
  }
}
