package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static io.engram.compaction.ToolCalls.result;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.CompactionSettings;
import io.engram.config.EngramSettings;
import io.engram.context.ContextWindow;
import io.engram.model.CostGovernor;
import io.engram.model.LanguageModel;
import io.engram.model.ModelException;
import io.engram.model.ModelRouter;
import io.engram.notes.SessionNotes;
import io.engram.testing.ScriptedModel;
import io.engram.tokens.JtokkitTokenCounter;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompactorTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final EngramSettings SETTINGS = EngramSettings.DEFAULTS;
  private static final ContextWindow WINDOW = ContextWindow.forModel("", SETTINGS.context());
  private static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");

  @TempDir Path dir;

  /** A session: a request, reads and edits of Main.java, a failing then passing test run, a todo list. */
  private List<TranscriptMessage> session() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(user("Add a --verbose flag to the CLI in src/Main.java and keep the tests green."));
    ms.add(call("t1", "Read", "file_path", dir.resolve("src/Main.java").toString()));
    ms.add(result("t1", "class Main {}", false));
    ms.add(call("t2", "Edit", "file_path", dir.resolve("src/Main.java").toString()));
    ms.add(result("t2", "ok", false));
    ms.add(call("t3", "Bash", "command", "mvn test"));
    ms.add(result("t3", "[ERROR] MainTest.verboseFlag: expected true but was false", true));
    ms.add(assistant("The test fails because the flag is parsed after the banner; I'll move the parse first."));
    ms.add(call("t4", "Bash", "command", "mvn test"));
    ms.add(result("t4", "BUILD SUCCESS", false));
    ms.add(call("t5", "Read", "file_path", dir.resolve("docs/gone.md").toString()));
    ms.add(result("t5", "old notes", false));
    ObjectNode todos = JSON.createObjectNode();
    todos.putArray("todos").addObject().put("content", "Document --verbose in README.md").put("status", "pending");
    ms.add(TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse("t6", "TodoWrite", todos))));
    ms.add(result("t6", "todos updated", false));
    ms.add(user("Also print the elapsed time when --verbose is on."));
    ms.add(assistant("Next I'll add the timer around run() in Main.java."));
    List<TranscriptMessage> timed = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      timed.add(ms.get(i).at(T0.plusSeconds(60L * i)));
    }
    return timed;
  }

  private CompactionInput input() {
    return CompactionInput.of(session(), WINDOW).at(T0.plusSeconds(3_600), dir);
  }

  private static Compactor offline() {
    return new Compactor(SETTINGS, new JtokkitTokenCounter(), ModelRouter.offline());
  }

  @Test
  void offlineSummaryFillsEverySectionAndKeepsUserMessagesLastRequestAndTodosVerbatim() {
    CompactionResult r = offline().compact(input());
    assertThat(r.answeredBy().engine()).isEqualTo("offline");
    assertThat(r.sections()).extracting(CompactionResult.Section::number).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9);
    assertThat(r.sections()).allMatch(s -> !s.text().isBlank());
    assertThat(r.summary())
        .contains("Add a --verbose flag to the CLI in src/Main.java and keep the tests green.")
        .contains("Also print the elapsed time when --verbose is on.")
        .contains("Document --verbose in README.md")
        .contains("[ERROR] MainTest.verboseFlag: expected true but was false")
        .contains("Cause: The test fails because the flag is parsed after the banner")
        .contains("Fixed by: doing it again (Bash `mvn test`)")
        .contains("not yet done: \"Next I'll add the timer around run() in Main.java.\"");
    assertThat(r.scoring().readded()).isEmpty();
    assertThat(r.scoring().score()).hasValueSatisfying(s -> assertThat(s.sections()).isEqualTo(100.0));
    assertThat(r.scoring().steps()).extracting(LadderStep::action).endsWith(LadderStep.Action.ACCEPT);
    assertThat(r.restored().todos()).extracting(t -> t.content()).containsExactly("Document --verbose in README.md");
  }

  @Test
  void restoresFilesThatExistAndRecordsThoseThatNoLongerDo() throws IOException {
    Files.createDirectories(dir.resolve("src"));
    Files.writeString(dir.resolve("src/Main.java"), "class Main { boolean verbose; }\n");
    CompactionResult r = offline().compact(input());
    assertThat(r.restored().restoredFiles()).singleElement().satisfies(f -> {
      assertThat(f.path()).isEqualTo(dir.resolve("src/Main.java").toString());
      assertThat(f.content()).contains("boolean verbose");
      assertThat(f.tokens()).isPositive();
    });
    assertThat(r.lost().of(LossRecord.Kind.FILE_NOT_RESTORED))
        .anySatisfy(e -> {
          assertThat(e.ref()).endsWith("docs/gone.md");
          assertThat(e.detail()).contains("no longer exists");
        });
  }

  @Test
  void sessionNotesStandForTheMessagesTheyCoverAndOnlyTheRestIsSummarised() {
    SessionNotes notes = new SessionNotes("Flag parsing fixed.", "src/Main.java: parseArgs()", "mvn test failed once",
        List.of("added --verbose"));
    ScriptedModel model = ScriptedModel.withId("fake:scripted")
        .answers(fullSummary("Also print the elapsed time when --verbose is on."));
    CompactionResult r = withModel(model).compact(input().withNotes(new CoveredNotes(notes, 10)));
    assertThat(r.sizes().summarizedFrom()).isEqualTo(10);
    String sent = model.requests().get(0).messages().get(0).text();
    assertThat(sent).contains("src/Main.java: parseArgs()").doesNotContain("The test fails because");
    assertThat(r.summary()).contains("src/Main.java: parseArgs()", "added --verbose", "Flag parsing fixed.");
    assertThat(r.summary()).contains("Add a --verbose flag to the CLI in src/Main.java and keep the tests green.");
  }

  @Test
  void aModelSummaryInTheRetryBandIsReCompactedWithTheDegradedPrompt() {
    String thin = fullSummary("").replaceAll("(?m)^(2|4|5)\\. .*\\n", "");
    ScriptedModel model = ScriptedModel.withId("fake:scripted")
        .answers(thin, fullSummary("Also print the elapsed time when --verbose is on."));
    CompactionResult r = withModel(model).compact(input());
    assertThat(r.answeredBy().engine()).isEqualTo("model");
    assertThat(r.answeredBy().engineId()).isEqualTo("fake:scripted");
    assertThat(r.scoring().steps()).extracting(LadderStep::action)
        .containsExactly(LadderStep.Action.SUMMARIZE, LadderStep.Action.RECOMPACT, LadderStep.Action.ACCEPT);
    assertThat(r.scoring().steps().get(0).score()).hasValueSatisfying(s -> {
      System.out.println("thin: " + s);
      assertThat(s.total()).isBetween(70.0, 80.0);
    });
    assertThat(model.requests()).hasSize(2);
    assertThat(model.requests().get(1).messages().get(0).text()).contains("was rejected", "Add the missing sections");
    assertThat(r.scoring().readded()).contains("Also print the elapsed time when --verbose is on.");
    assertThat(r.summary()).contains("Also print the elapsed time when --verbose is on.");
  }

  @Test
  void aPoorModelSummaryGetsKeyFragmentsThenTruncationKeepingUserMessagesVerbatim() {
    String poor = """
        <analysis>skipped</analysis>
        <summary>
        1. Primary Request and Intent: add a verbose flag.
        3. Files and Code Sections: src/Main.java
        </summary>""";
    ScriptedModel model = ScriptedModel.withId("fake:scripted").answers(poor);
    CompactionResult r = withModel(model).compact(input());
    assertThat(r.scoring().steps()).extracting(LadderStep::action).containsExactly(
        LadderStep.Action.SUMMARIZE, LadderStep.Action.KEEP_FRAGMENTS, LadderStep.Action.TRUNCATE);
    assertThat(r.scoring().readded()).contains("Add a --verbose flag to the CLI in src/Main.java and keep the tests green.",
        "Also print the elapsed time when --verbose is on.", "Document --verbose in README.md");
    assertThat(r.scoring().score()).isEmpty();
    assertThat(r.sizes().keptMessages()).isEqualTo(5);
    assertThat(r.lost().of(LossRecord.Kind.MESSAGE)).hasSize(11);
    assertThat(r.summary()).contains("Add a --verbose flag to the CLI in src/Main.java and keep the tests green.",
        "Document --verbose in README.md");
  }

  @Test
  void theVerbatimGuaranteeReAddsWhatTheModelDropped() {
    ScriptedModel model = ScriptedModel.withId("fake:scripted").answers(fullSummary(""));
    CompactionResult r = withModel(model).compact(input());
    // fullSummary("") leaves out the second user message: it is put back word for word.
    assertThat(r.scoring().readded()).contains("Also print the elapsed time when --verbose is on.");
    assertThat(r.sections()).filteredOn(s -> s.number() == 6).singleElement()
        .satisfies(s -> assertThat(s.text()).contains("Also print the elapsed time when --verbose is on."));
  }

  @Test
  void aFailingModelFallsBackToTheOfflineCompactor() {
    ScriptedModel broken = ScriptedModel.withId("fake:broken")
        .fails(new ModelException(ModelException.Kind.SERVER, "overloaded"));
    CompactionResult r = withModel(broken).compact(input());
    assertThat(r.answeredBy().engine()).isEqualTo("offline");
    assertThat(r.answeredBy().fallbackReason()).hasValueSatisfying(reason -> assertThat(reason).contains("overloaded"));
    assertThat(r.sections()).hasSize(9);
  }

  @Test
  void aModelThatFailsOnTheReCompactionFallsBackToOfflineRatherThanTruncating() {
    String thin = fullSummary("").replaceAll("(?m)^(2|4|5)\\. .*\\n", "");
    ScriptedModel model = ScriptedModel.withId("fake:scripted").answers(thin)
        .fails(new ModelException(ModelException.Kind.TIMEOUT, "no answer in 60 s"));
    CompactionResult r = withModel(model).compact(input());
    assertThat(r.answeredBy().engine()).isEqualTo("offline");
    assertThat(r.answeredBy().fallbackReason()).hasValueSatisfying(reason -> assertThat(reason).contains("no answer in 60 s"));
    assertThat(r.sizes().keptMessages()).isZero();
    assertThat(r.scoring().steps()).extracting(LadderStep::action).endsWith(LadderStep.Action.ACCEPT);
  }

  @Test
  void notesCoverageIsFoundByUuidAndAnUnknownUuidIsAnError() {
    List<TranscriptMessage> ms = List.of(
        new TranscriptMessage(Role.USER, List.of(new ContentBlock.Text("hi")), Optional.of("u1"), Optional.empty(),
            Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), false, false, false, 1),
        assistant("hello"));
    assertThat(CoveredNotes.throughUuid(SessionNotes.EMPTY, ms, "u1").coveredMessages()).isEqualTo(1);
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> CoveredNotes.throughUuid(SessionNotes.EMPTY, ms, "nope")).withMessageContaining("nope");
  }

  @Test
  void oldToolOutputsArePrunedFirstAndErrorsAreKept() {
    List<TranscriptMessage> ms = new ArrayList<>(session());
    ms.add(1, call("big", "Bash", "command", "cat huge.log"));
    ms.add(2, result("big", "line of log output\n".repeat(2_000), false));
    ContextWindow small = new ContextWindow("", 4_000, SETTINGS.context());
    CompactionResult r = offline().compact(CompactionInput.of(ms, small).at(T0, dir));
    assertThat(r.lost().of(LossRecord.Kind.TOOL_OUTPUT)).extracting(LossRecord.Entry::ref).contains("big")
        .doesNotContain("t3");
    assertThat(r.summary()).contains("[ERROR] MainTest.verboseFlag");
  }

  @Test
  void reCompactionOfflineKeepsMoreDetailThanTheFirstAttempt() {
    List<TranscriptMessage> ms = session();
    Conversation c = Conversation.of(ms, 0, 40);
    ExtractiveSummarizer s = new ExtractiveSummarizer(c, new JtokkitTokenCounter(), 100_000, 0,
        SETTINGS.compaction());
    ExtractiveSummarizer.Detail first = ExtractiveSummarizer.Detail.of(0);
    ExtractiveSummarizer.Detail second = ExtractiveSummarizer.Detail.of(1);
    ExtractiveSummarizer.Detail third = ExtractiveSummarizer.Detail.of(2);
    assertThat(s.targetTokens(first)).isEqualTo(3_000);
    assertThat(s.targetTokens(second)).isGreaterThan(s.targetTokens(first));
    assertThat(s.targetTokens(third)).isGreaterThan(s.targetTokens(second));
    assertThat(s.summarize(new SummaryRequest(1, "", false, List.of())))
        .isEqualTo(s.summarize(new SummaryRequest(1, "", false, List.of())));
  }

  @Test
  void aPreviousCompactionSummaryIsCarriedForwardWithItsUserMessages() {
    TranscriptMessage previous = new TranscriptMessage(Role.USER, List.of(new ContentBlock.Text("""
        This session is being continued from a previous conversation.
        Summary:
        1. Primary Request and Intent: build the release script
        6. All user messages:
           - "make release.sh idempotent"
        """)), Optional.of("s0"), Optional.empty(), Optional.of(T0.minusSeconds(60)), Optional.empty(),
        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), false, true, false, 1);
    List<TranscriptMessage> ms = new ArrayList<>(List.of(previous));
    ms.addAll(session());
    CompactionResult r = offline().compact(CompactionInput.of(ms, WINDOW).at(T0.plusSeconds(3_600), dir));
    assertThat(r.sections()).filteredOn(s -> s.number() == 6).singleElement().satisfies(s -> assertThat(s.text())
        .contains("\"make release.sh idempotent\"", "Add a --verbose flag to the CLI in src/Main.java"));
    assertThat(r.sections()).filteredOn(s -> s.number() == 1).singleElement()
        .satisfies(s -> assertThat(s.text()).contains("build the release script"));
  }

  @Test
  void offlineReCompactionsKeepMoreDetailEachTime() {
    CompactionResult r = new Compactor(unreachablePassMark(), new JtokkitTokenCounter(), ModelRouter.offline())
        .compact(CompactionInput.of(longSession(), WINDOW).at(T0, dir));
    assertThat(r.scoring().steps()).extracting(LadderStep::action).startsWith(
        LadderStep.Action.SUMMARIZE, LadderStep.Action.RECOMPACT, LadderStep.Action.RECOMPACT);
    double first = r.scoring().steps().get(0).score().orElseThrow().ratio();
    double second = r.scoring().steps().get(1).score().orElseThrow().ratio();
    assertThat(second).isGreaterThan(first);
  }

  @Test
  void aTruncatedCompactionKeepsItsBestSummaryBesideTheRecentMessages() {
    CompactionResult r = new Compactor(unreachablePassMark(), new JtokkitTokenCounter(), ModelRouter.offline())
        .compact(CompactionInput.of(longSession(), WINDOW).at(T0, dir));
    assertThat(r.scoring().steps()).extracting(LadderStep::action).endsWith(LadderStep.Action.TRUNCATE);
    assertThat(r.scoring().steps().get(r.scoring().steps().size() - 1).detail()).contains("with the best summary");
    assertThat(r.summary()).contains("No summary passed the quality check: the best one is kept");
    // What held is there: the request, the files and every user message, not a one-line note alone.
    assertThat(r.sections()).filteredOn(s -> s.number() == 1).singleElement()
        .satisfies(s -> assertThat(s.text()).contains("--verbose"));
    assertThat(r.sections()).filteredOn(s -> s.number() == 3).singleElement()
        .satisfies(s -> assertThat(s.text()).contains("src/Main.java"));
    assertThat(r.sections()).filteredOn(s -> s.number() == 6).singleElement()
        .satisfies(s -> assertThat(s.text()).contains("elapsed time"));
  }

  /** Settings whose pass mark no summary reaches, with a retry band that takes every score: the ladder truncates. */
  private static EngramSettings unreachablePassMark() {
    CompactionSettings d = SETTINGS.compaction();
    // Built whole: a pass mark of 101 is outside the declared range, which with() checks.
    CompactionSettings strict = new CompactionSettings(d.weightSections(), d.weightKeyInfo(),
        d.weightContinuity(), d.weightCompression(), 101, 0, d.truncateKeepShare(), d.maxRestoredFiles(),
        d.maxRestoredFileTokens(), d.targetReductionMin(), 2, d.severeLossShare(),
        d.fuzzyMatchShare(), d.maxTechnicalKeywords(), d.pruneProtectRecent(), d.pruneTargetShare(),
        d.summaryShare(), d.summaryMinTokens(), d.userQuoteChars(), d.modelToolInputChars(), d.offline());
    return new EngramSettings(SETTINGS.instructions(), SETTINGS.memory(), SETTINGS.notes(),
        SETTINGS.extraction(), SETTINGS.dream(), SETTINGS.recall(), SETTINGS.context(), strict, SETTINGS.model(),
        SETTINGS.governor(), SETTINGS.hooks(), SETTINGS.service(), SETTINGS.team());
  }

  private List<TranscriptMessage> longSession() {
    List<TranscriptMessage> ms = new ArrayList<>(session());
    for (int i = 0; i < 30; i++) {
      ms.add(assistant("Step " + i + ": checked the flag parser once more because the banner code moved; "
          + "the output now reads verbose=true and the elapsed time is printed after run() returns."));
    }
    return ms;
  }

  private Compactor withModel(LanguageModel model) {
    CostGovernor governor = new CostGovernor(dir.resolve("home"), SETTINGS.governor(), Clock.systemUTC());
    return new Compactor(SETTINGS, new JtokkitTokenCounter(), ModelRouter.of(model, governor, "s1"));
  }

  /** A full nine-section summary that names everything but the second user message (unless given). */
  private static String fullSummary(String extraUserMessage) {
    return """
        <summary>
        1. Primary Request and Intent: First the user asked for a --verbose flag in src/Main.java; then for the \
        elapsed time to be printed.
        2. Key Technical Concepts: verbose, mvn, MainTest, verboseFlag, parse, banner, timer, run
        3. Files and Code Sections: src/Main.java was edited; docs/gone.md was read; README.md is still to change.
        4. Errors and fixes: [ERROR] MainTest.verboseFlag: expected true but was false. It was fixed by parsing \
        the flag before the banner.
        5. Problem Solving: the flag was parsed after the banner, so the test failed until the parse moved first.
        6. All user messages:
           - Add a --verbose flag to the CLI in src/Main.java and keep the tests green.
           - %s
        7. Pending Tasks: Document --verbose in README.md is still open in the todo list.
        8. Current Work: currently adding the timer to print the elapsed time when --verbose is on.
        9. Optional Next Step: Add the timer around run() so that the elapsed time is printed when --verbose is on.
        </summary>""".formatted(extraUserMessage);
  }

  private static TranscriptMessage user(String text) {
    return TranscriptMessage.text(Role.USER, text);
  }

  private static TranscriptMessage assistant(String text) {
    return TranscriptMessage.text(Role.ASSISTANT, text);
  }

  static Optional<String> none() {
    return Optional.empty();
  }
}
