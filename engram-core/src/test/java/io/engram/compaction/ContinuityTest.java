package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContinuityTest {
  /** gqc.7 and gqc.8 open; the last stretch was about gqc.6's parser in Parser.java and its tests. */
  private static final Continuity STATE = new Continuity(List.of("gqc.7", "gqc.8"),
      Map.of("gqc.6", 3.0, "parser.java", 3.0, "parser", 1.0, "quoted", 1.5, "field", 1.0, "test", 0.3));

  private static Continuity.Result score(String current, String next) {
    return STATE.score(SummarySections.parse(DegradationLadderTest.summary("Parser.java was edited.",
        "- [open] gqc.7 and gqc.8 are still to do.", current, next)));
  }

  @Test
  void aNextStepThatHoldsEnoughOfTheLastStretchsParticularWordsEarnsItsThirty() {
    assertThat(score("Working on the parser.", "Make Parser.java accept the last field.").next()).isEqualTo(30);
    assertThat(score("Working on the parser.", "Teach the parser to read a quoted field at the end of a line.")
        .next()).isEqualTo(30);
  }

  @Test
  void aParaphraseEarnsAsMuchAsAQuoteAndAnotherTaskEarnsNothing() {
    double paraphrase = score("The gqc.6 parser was being taught to read a quoted field.", "Finish it.").current();
    double elsewhere = score("Working on the review page and its layout at the cut.", "Finish it.").current();
    assertThat(paraphrase).isEqualTo(30);
    assertThat(elsewhere).isZero();
  }

  @Test
  void aFileNameEveryTurnOfTheSessionSaidEarnsTheNextStepLittleOnItsOwn() {
    Continuity state = new Continuity(List.of(), Map.of("catalog.java", 0.2, "exportcsv", 4.0, "quote", 2.0,
        "comma", 2.0, "title", 1.0));
    Continuity.Result shared = state.score(SummarySections.parse(DegradationLadderTest.summary("Catalog.java.",
        "- The export is still to do.", "Working on the export.", "Run the tests of Catalog.java again.")));
    Continuity.Result particular = state.score(SummarySections.parse(DegradationLadderTest.summary("Catalog.java.",
        "- The export is still to do.", "Working on the export.", "Make exportCsv quote a title.")));
    assertThat(shared.next()).isLessThan(particular.next() / 4);
    assertThat(particular.next()).isEqualTo(30);
  }

  @Test
  void withNothingOpenPendingTasksEarnsAsMuchAsItSaysOfTheLastRequest() {
    Continuity state = new Continuity(List.of(), Map.of("exportcsv", 4.0, "quote", 2.0),
        Map.of("csv", 3.0, "export", 3.0, "comma", 2.0, "quoted", 2.0), java.util.Set.of());
    double asked = state.score(SummarySections.parse(DegradationLadderTest.summary("Catalog.java.",
        "- The CSV export, with a title holding a comma quoted.", "Working.", "Make exportCsv quote."))).pending();
    double anything = state.score(SummarySections.parse(DegradationLadderTest.summary("Catalog.java.",
        "- The review page needs its layout fixed.", "Working.", "Make exportCsv quote."))).pending();
    assertThat(asked).isEqualTo(40);
    assertThat(anything).isZero();
  }

  @Test
  void namesTheTranscriptNeverHeldTakeTheContinuityAway() {
    Continuity state = new Continuity(List.of("gqc.7"), Map.of("gqc.6", 3.0, "parser.java", 3.0, "quoted", 1.5),
        Map.of(), java.util.Set.of("gqc.6", "gqc.7", "parser.java"));
    String ours = DegradationLadderTest.summary("Parser.java.", "- [open] gqc.7 is still to do.",
        "The gqc.6 parser in Parser.java reads a quoted field.", "Finish gqc.6 in Parser.java and run its tests.");
    String foreign = DegradationLadderTest.summary("Parser.java.", "- [open] gqc.7 is still to do, after rel.4 and"
        + " rel.5 in ReleaseNotes.java.", "The gqc.6 parser in Parser.java reads a quoted field; LayoutGrid.java, grid_cells and"
        + " render_page were changed.", "Finish gqc.6 in Parser.java and run its tests, then ReviewPage.java.");
    assertThat(state.score(SummarySections.parse(ours)).total()).isEqualTo(100);
    assertThat(state.score(SummarySections.parse(foreign)).total()).isZero();
  }

  @Test
  void headingsOverKeywordsSayNothing() {
    assertThat(score("gqc.6 parser quoted", "Parser.java gqc.6").total()).isLessThanOrEqualTo(40);
  }

  @Test
  void openTodosMustBeNamedInPendingTasks() {
    Continuity.Result one = STATE.score(SummarySections.parse(DegradationLadderTest.summary("Parser.java was edited.",
        "- [open] gqc.7 is still to do.", "Working on the parser.", "Make Parser.java accept the last field.")));
    assertThat(one.pending()).isEqualTo(20);
  }

  @Test
  void theLastStretchIsWeighedAgainstWhatTheWholeSessionSaid() {
    List<TranscriptMessage> ms = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      ms.add(TranscriptMessage.text(Role.USER, "Look at the session importer again, round " + i + "."));
      ms.add(TranscriptMessage.text(Role.ASSISTANT, "The session importer reads every session file."));
    }
    ms.add(TranscriptMessage.text(Role.USER, "Now make the session importer skip zeroWidthJoiner characters."));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "I'll strip zeroWidthJoiner in Importer.sanitize next."));
    Conversation c = Conversation.of(ms, 0, 25);
    Map<String, Double> live = Continuity.of(c).live();
    assertThat(live.get("zerowidthjoiner")).isGreaterThan(2 * live.get("session"));
  }
  @Test
  void aSummaryInEnglishOfAJapaneseRequestIsJudgedOnTheWordsItCouldHold() {
    // The person asked in Japanese which manual checks to make; the summary says so in English, naming the file.
    Map<String, Double> live = new java.util.LinkedHashMap<>();
    KeyMatcher.contentWords("確認方法教えて下さい").forEach(w -> live.put(w, 1.0));
    live.put("fetch.rs", 4.0);
    live.put("tracked", 2.0);
    Continuity state = new Continuity(List.of(), live, live, java.util.Set.of("fetch.rs"));
    Continuity.Result english = state.score(SummarySections.parse(DegradationLadderTest.summary("fetch.rs.",
        "- Give the user the manual checks for the tracked fetch in fetch.rs.", "The tracked fetch in fetch.rs is done.",
        "List the manual checks of the tracked fetch in fetch.rs.")));
    Continuity.Result elsewhere = state.score(SummarySections.parse(DegradationLadderTest.summary("fetch.rs.",
        "- The review page needs its layout fixed.", "Working on the layout of the review page.",
        "Fix the layout of the review page.")));
    assertThat(english.total()).isEqualTo(100);
    assertThat(elsewhere.total()).isZero();
  }

  @Test
  void aRequestOfAWordOrTwoIsJudgedWithWhatTheAgentSaidAfterIt() {
    Continuity state = new Continuity(List.of(), Map.of("loaded", 2.0, "ipfs_local_api_url", 6.0, "restart", 3.0),
        Map.of("loaded", 2.0), java.util.Set.of("ipfs_local_api_url"));
    double pending = state.score(SummarySections.parse(DegradationLadderTest.summary("api.ts.",
        "- Restart the API with IPFS_LOCAL_API_URL set.", "Debugging the upload.", "Restart the API."))).pending();
    assertThat(pending).isEqualTo(40);
  }

  @Test
  void onlyTheLastFewFilesChangedSinceTheRequestWeighInTheLastStretch() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Rename the feed views."));
    for (int i = 0; i < 8; i++) {
      ms.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new io.engram.transcript.ContentBlock.ToolUse("t" + i, "Edit",
          com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
              .put("file_path", "src/Feed" + i + "View.swift")))));
      ms.add(TranscriptMessage.of(Role.USER, List.of(new io.engram.transcript.ContentBlock.ToolResult("t" + i, "ok",
          false))));
    }
    Map<String, Double> live = Continuity.of(Conversation.of(ms, 0, 25)).live();
    assertThat(live.keySet()).contains("feed7view.swift", "feed3view.swift").doesNotContain("feed2view.swift");
  }

  @Test
  void aTranscriptThatNamesNothingHoldsNoneOfTheNamesASummarySays() {
    Conversation c = Conversation.of(List.of(
        TranscriptMessage.text(Role.USER, "is the helper still doing something? It seems stuck")), 0, 25);
    Continuity state = Continuity.of(c);
    String plain = DegradationLadderTest.summary("None.", "- Find out whether the helper is still doing something.",
        "The helper seemed stuck.", "Check whether the helper is still doing something.");
    String named = DegradationLadderTest.summary("None.", "- Find out whether the helper is still doing something.",
        "The helper seemed stuck in the render_page of LayoutGrid.java, after grid_cells.",
        "Check whether the helper is still doing something in rel.4.");
    // The same words with names the transcript never held: the names are made up, and so is the rest.
    assertThat(state.score(SummarySections.parse(plain)).total()).isPositive();
    assertThat(state.score(SummarySections.parse(named)).total()).isZero();
  }
}
