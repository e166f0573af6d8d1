package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static io.engram.compaction.ToolCalls.result;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.engram.config.CompactionSettings;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The next step, the quoting of user messages, the key concepts and the decisions, each from what the transcript
 * holds at the cut: the latest live intent, the person's words as typed, the agent's own sentences, later words
 * winning over earlier ones.
 */
class LiveWorkTest {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final CompactionSettings.Offline LIMITS = CompactionSettings.Offline.DEFAULTS;

  /** A session that ran its checks, then changed the importer and said it would run the tests. */
  private static List<TranscriptMessage> session() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Make the importer skip blank rows."));
    ms.add(call("t1", "Bash", "command", "mise run lint && mise run test"));
    ms.add(result("t1", "ok", false));
    ms.add(call("t2", "Read", "file_path", "/w/src/importer/rows.go"));
    ms.add(result("t2", "package importer", false));
    ms.add(call("t3", "Edit", "file_path", "/w/src/importer/rows.go"));
    ms.add(result("t3", "updated", false));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "The loop now skips blank rows. Now let me run the tests."));
    return ms;
  }

  @Test
  void theNextStepNamesTheFileTheAgentChangedAndTheCheckItRunsAfterChanges() {
    Conversation c = Conversation.of(session(), 0, 25);
    String next = c.state().next();
    assertThat(next).contains("Make the importer skip blank rows.").contains("`importer/rows.go`")
        .contains("`mise run lint && mise run test`").contains("Now let me run the tests.");
  }

  @Test
  void everyKindOfCheckTheSessionRanIsStillToRunAfterAChangeNotOnlyTheLast() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Make the importer skip blank rows."));
    ms.add(call("t1", "Bash", "command", "go test ./importer/... 2>&1 | tail -20"));
    ms.add(result("t1", "ok", false));
    ms.add(call("t2", "Edit", "file_path", "/w/src/importer/rows.go"));
    ms.add(result("t2", "updated", false));
    ms.add(call("t3", "Bash", "command", "mise run lint"));
    ms.add(result("t3", "ok", false));
    ms.add(call("t4", "Edit", "file_path", "/w/src/importer/rows.go"));
    ms.add(result("t4", "updated", false));
    ms.add(call("t5", "Bash", "command", "go build ./..."));
    ms.add(result("t5", "", false));
    String next = Conversation.of(ms, 0, 25).state().next();
    // The tests and the lint ran before the last change; the build passed after it: a command run last, no check.
    assertThat(next).contains("Then check the changes with `go test ./importer/...`, `mise run lint`.")
        .doesNotContain("check the changes with `go build").contains("The commands it ran last: `go build ./...`.");
  }

  @Test
  void aFailedLookIsNeverWhatBlocksTheWorkNorAnErrorToReport() {
    List<TranscriptMessage> ms = new ArrayList<>(session());
    ms.add(call("t4", "Read", "file_path", "/w/src/importer/gone.go"));
    ms.add(result("t4", "File does not exist.", true));
    Conversation c = Conversation.of(ms, 0, 25);
    assertThat(c.state().blocking()).isEmpty();
    assertThat(c.problems()).isEmpty();
    assertThat(ErrorSection.of(c, LIMITS)).startsWith("No real failure in this part");
  }

  @Test
  void aCheckStillFailingIsTheNextStepAndOneThatPassedLaterIsNot() {
    List<TranscriptMessage> ms = new ArrayList<>(session());
    ms.add(call("t5", "Bash", "command", "mise run test"));
    ms.add(result("t5", "[test] ERROR task failed\n--- FAIL: TestBlankRows (0.00s)\n    rows_test.go:14: expected 2"
        + " rows, got 3", true));
    Conversation failing = Conversation.of(ms, 0, 25);
    assertThat(failing.state().next()).startsWith("Fix what makes `mise run test` fail").contains("rows_test.go")
        .contains("TestBlankRows").doesNotContain("task failed");
    ms.add(call("t6", "Bash", "command", "mise run test"));
    ms.add(result("t6", "ok", false));
    Conversation fixed = Conversation.of(ms, 0, 25);
    assertThat(fixed.state().blocking()).isEmpty();
    assertThat(ErrorSection.of(fixed, LIMITS)).contains("Fixed by").doesNotContain("Unresolved at the cut");
  }

  @Test
  void aLongPastedMessageIsQuotedByItsEndsWordForWordWithItsHeadingsAndSaysWhatWasLeftOut() {
    String pasted = "## Plan\n\nPlease fix the importer.\n\n" + "log line\n".repeat(500) + "Thanks, and commit it.";
    String quoted = UserQuote.of(pasted, 2_000);
    assertThat(quoted).startsWith("## Plan\n\nPlease fix the importer.").endsWith("Thanks, and commit it.")
        .contains("characters of this message left out").hasSizeLessThan(2_200);
    assertThat(UserQuote.of("## Short\n\n- a list", 2_000)).isEqualTo("## Short\n\n- a list");
  }

  @Test
  void aConceptIsTheAgentsOwnShortestSentenceAboutItNotAListOfNames() {
    List<TranscriptMessage> ms = List.of(TranscriptMessage.text(Role.ASSISTANT,
        "Let me look at RowFilter now. The RowFilter drops rows whose cells are all blank. The filter runs before parseRow reads a row."));
    String section = ConceptPhrases.of(List.of("RowFilter", "parseRow", "unusedName"), ms, LIMITS);
    assertThat(section).contains("- `RowFilter`: The RowFilter drops rows whose cells are all blank.")
        .contains("- `parseRow`: The filter runs before parseRow reads a row.").contains("Also named: `unusedName`.")
        .doesNotContain("Let me look");
  }

  @Test
  void aTableRowOrALineOfCodeIsNeverTakenForAConcept() {
    List<TranscriptMessage> ms = List.of(TranscriptMessage.text(Role.ASSISTANT,
        "| 4 | Multiple files | MEDIUM | RowFilter |\nif RowFilter(row) { return nil }\n"
            + "The RowFilter keeps only the rows that hold at least one value."));
    assertThat(ConceptPhrases.of(List.of("RowFilter"), ms, LIMITS))
        .isEqualTo("- `RowFilter`: The RowFilter keeps only the rows that hold at least one value.");
  }

  @Test
  void theNextStepNamesTheFileTheAgentReadLastNotOnlyTheOnesItChanged() {
    List<TranscriptMessage> ms = new ArrayList<>(session());
    ms.add(call("t7", "Read", "file_path", "/w/src/importer/rows_test.go"));
    ms.add(result("t7", "package importer", false));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Let me look at the test to see what it expects."));
    assertThat(Conversation.of(ms, 0, 25).state().next()).contains("`importer/rows_test.go`", "`importer/rows.go`");
  }

  @Test
  void theFilesTheAgentNamedAndHasNotChangedYetComeAfterTheOnesItTouchedLast() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Resolve the merge conflicts, keep our side."));
    for (String f : List.of("auto_commit.go", "state.go", "hooks.go", "session.go", "manual_commit.go", "types.go")) {
      ms.add(call("r-" + f, "Read", "file_path", "/w/cli/strategy/" + f));
      ms.add(result("r-" + f, "package strategy", false));
    }
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "The conflicts: 1. `strategy/state.go` keeps Phase; 2."
        + " auto_commit.go keeps StepCount; 3. manual_commit.go drops the converters; see https://x.io/a/b.go"
        + " and config.Load. Let me resolve them one by one."));
    ms.add(call("e1", "Edit", "file_path", "/w/cli/strategy/state.go"));
    ms.add(result("e1", "updated", false));
    String next = Conversation.of(ms, 0, 25).state().next();
    assertThat(next).contains("The files it touched last: `strategy/state.go`, `strategy/types.go`,"
        + " `strategy/manual_commit.go`, `strategy/session.go`, `strategy/hooks.go`.")
        .contains("It named next, not changed yet: `strategy/auto_commit.go`.")
        .doesNotContain("b.go").doesNotContain("config.Load");
  }

  @Test
  void theNextStepNamesTheFilesTheAgentsOpenTasksNameInProgressFirstWhateverTheirLanguage() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "把签名改成新的类型。"));
    ms.add(task("c1", "TaskCreate", JSON.objectNode().put("subject", "更新调用方")
        .put("description", "修改 cli/explain.go 和 strategy/auto_commit.go 里的调用")));
    ms.add(result("c1", "Task #1 created successfully", false));
    ms.add(task("c2", "TaskCreate", JSON.objectNode().put("subject", "删除旧类型")
        .put("description", "从 checkpoint/committed.go 删掉 ReadCommittedResult")));
    ms.add(result("c2", "Task #2 created successfully", false));
    ms.add(task("u2", "TaskUpdate", JSON.objectNode().put("taskId", "2").put("status", "in_progress")));
    ms.add(result("u2", "Updated task #2 status", false));
    ms.add(call("r1", "Read", "file_path", "/w/cli/explain.go"));
    ms.add(result("r1", "package cli", false));
    String next = Conversation.of(ms, 0, 25).state().next();
    assertThat(next).contains("The files it touched last: `cli/explain.go`.")
        .contains("Its open tasks name: `committed.go`, `auto_commit.go`.");
  }

  @Test
  void aTaskNamesNoFileWhenItsWordsHoldNone() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Tidy the importer."));
    ms.add(task("c1", "TaskCreate", JSON.objectNode().put("subject", "Rename the loop variables")
        .put("description", "see https://x.io/docs/a.go and config.Load")));
    ms.add(result("c1", "Task #1 created successfully", false));
    assertThat(Conversation.of(ms, 0, 25).state().next()).doesNotContain("open tasks name");
  }

  @Test
  void inAnyLanguageTheAgentsWordsBeforeItsLatestCallAreWhatItWasDoing() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "タイムアウトを30秒にしてください。"));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "設定を確認しました。次に config.go のタイムアウトを変更します："));
    ms.add(call("e1", "Edit", "file_path", "/w/app/config.go"));
    ms.add(result("e1", "updated", false));
    String next = Conversation.of(ms, 0, 25).state().next();
    assertThat(next).contains("The agent was doing: \"次に config.go のタイムアウトを変更します。\"");
  }

  @Test
  void aSentenceOfThePlanLexiconWinsOverTheWordsBeforeALaterCall() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Make the timeout 30 seconds."));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Let me change the timeout in config.go and then run the tests."));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Changing it now:"));
    ms.add(call("e1", "Edit", "file_path", "/w/app/config.go"));
    ms.add(result("e1", "updated", false));
    String next = Conversation.of(ms, 0, 25).state().next();
    assertThat(next).contains("Let me change the timeout in config.go and then run the tests.")
        .doesNotContain("Changing it now");
  }

  @Test
  void wordsBeforeACallAreNoPlanWhenNoCallFollowsThem() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "タイムアウトを30秒にしてください。"));
    ms.add(call("e1", "Edit", "file_path", "/w/app/config.go"));
    ms.add(result("e1", "updated", false));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "config.go のタイムアウトを30秒に変更しました。"));
    assertThat(Conversation.of(ms, 0, 25).state().next()).doesNotContain("The agent was doing");
  }

  @Test
  void theNextStepNamesTheCommandsTheAgentRanLastThatDoMoreThanLook() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Bring back my stashed work and make it build."));
    ms.add(call("b1", "Bash", "command", "go build ./... 2>&1 | head -50"));
    ms.add(result("b1", "ok", false));
    ms.add(call("b2", "Bash", "command", "git stash pop"));
    ms.add(result("b2", "CONFLICT (content): Merge conflict in cli/state.go", false));
    ms.add(call("b3", "Bash", "command", "git status && grep -n '<<<<' cli/state.go"));
    ms.add(result("b3", "both modified: cli/state.go", false));
    String next = Conversation.of(ms, 0, 25).state().next();
    assertThat(next).contains("The commands it ran last: `git stash pop`, `go build ./...`.")
        .doesNotContain("`git status`").doesNotContain("`grep");
  }

  @Test
  void aCommandTheStepAlreadyNamesAsACheckIsNotNamedAgainAsOneRunLast() {
    String next = Conversation.of(session(), 0, 25).state().next();
    assertThat(next).contains("`mise run lint && mise run test`").doesNotContain("The commands it ran last");
  }

  private static TranscriptMessage task(String id, String tool, com.fasterxml.jackson.databind.node.ObjectNode input) {
    return TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse(id, tool, input)));
  }

  @Test
  void withNoRequestSinceAnEarlierCompactionTheAgentsStatedPlanIsWhatGoesOnWhileItsTurnDoes() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.builder(Role.USER, List.of(new ContentBlock.Text("This session is being continued from a"
        + " previous conversation that ran out of context. Summary: narrowing except blocks."))).compactSummary(true)
        .build());
    ms.add(call("e1", "Edit", "file_path", "/w/app/client.py"));
    ms.add(result("e1", "updated", false));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Now let me handle the remaining files: subscription_client.py"
        + " first."));
    ms.add(call("r1", "Read", "file_path", "/w/app/subscription_client.py"));
    ms.add(result("r1", "import httpx", false));
    String next = Conversation.of(ms, 0, 25).state().next();
    assertThat(next).startsWith("Go on with what the agent was doing: \"Now let me handle the remaining files")
        .contains("`app/subscription_client.py`");
  }

  @Test
  void aSessionCarryingOutAPlanAcceptedInPlanModeNamesThePlanFileItsSlugNames() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.builder(Role.USER, List.of(new ContentBlock.Text("Implement the following plan:\n\n"
        + "# Plan: skip blank rows\n\n1. Change rows.go"))).slug(java.util.Optional.of("typed-pondering-ripple"))
        .build());
    ms.addAll(session().subList(1, session().size()));
    assertThat(Conversation.of(ms, 0, 25).state().next())
        .contains("The session's plan: `~/.claude/plans/typed-pondering-ripple.md`.");
    List<TranscriptMessage> plain = new ArrayList<>(session());
    plain.set(0, plain.get(0).toBuilder().slug(java.util.Optional.of("typed-pondering-ripple")).build());
    assertThat(Conversation.of(plain, 0, 25).state().next()).doesNotContain("plans/");
  }

  @Test
  void aSessionThatPushesIsToPushTheCommitsMadeAfterItsLastPush() {
    List<TranscriptMessage> ms = new ArrayList<>(session());
    ms.add(call("c1", "Bash", "command", "git commit -am 'skip blank rows' && git push origin rows"));
    ms.add(result("c1", "pushed", false));
    ms.add(call("e9", "Edit", "file_path", "/w/src/importer/rows.go"));
    ms.add(result("e9", "updated", false));
    ms.add(call("c2", "Bash", "command", "git commit -am 'review comments'"));
    ms.add(result("c2", "1 file changed", false));
    ms.add(TranscriptMessage.text(Role.USER, "Now reply to the review."));
    ms.add(TranscriptMessage.text(Role.ASSISTANT, "Now let me reply to the review comments."));
    assertThat(Conversation.of(ms, 0, 25).state().next())
        .contains("The commits since the last push are not pushed yet: `git push origin rows`.");
    List<TranscriptMessage> pushed = new ArrayList<>(ms);
    pushed.add(call("p1", "Bash", "command", "git push origin rows"));
    pushed.add(result("p1", "pushed", false));
    assertThat(Conversation.of(pushed, 0, 25).state().next()).doesNotContain("not pushed");
    List<TranscriptMessage> never = new ArrayList<>(session());
    never.add(call("c3", "Bash", "command", "git commit -am 'skip blank rows'"));
    never.add(result("c3", "1 file changed", false));
    assertThat(Conversation.of(never, 0, 25).state().next()).doesNotContain("push");
  }

  @Test
  void aLaterRetractionWinsOverTheConclusionItTakesBack() {
    List<TranscriptMessage> ms = List.of(
        TranscriptMessage.text(Role.USER, "Why do imports hang?"),
        TranscriptMessage.text(Role.ASSISTANT, "The root cause is the connection pool being too small for the batch."),
        TranscriptMessage.text(Role.ASSISTANT, "Actually the connection pool is not the cause: the batch waits on a"
            + " lock because the reader never closes it."),
        TranscriptMessage.text(Role.ASSISTANT, "The root cause is the reader holding the table lock, so the fix is to"
            + " close it after each batch."));
    String decisions = Narrative.decisions(Conversation.of(ms, 0, 25), 2_000,
        new io.engram.tokens.JtokkitTokenCounter(), LIMITS);
    assertThat(decisions).contains("reader holding the table lock").doesNotContain("pool being too small");
  }
}
