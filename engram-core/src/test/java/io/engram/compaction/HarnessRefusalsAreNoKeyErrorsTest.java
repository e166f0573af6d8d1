package io.engram.compaction;

import static io.engram.compaction.ToolCalls.call;
import static io.engram.compaction.ToolCalls.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.CompactionSettings;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The errors a summary is asked to keep are the work's failures, not the harness refusing or cutting short a call:
 * the Errors section still tells those, the score no longer demands them.
 */
class HarnessRefusalsAreNoKeyErrorsTest {
  private static List<TranscriptMessage> asked() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Make the importer skip blank rows and keep the tests green."));
    return ms;
  }

  private static List<String> keyErrors(List<TranscriptMessage> ms) {
    return Conversation.of(ms, 0, 25).key().of(KeyKind.ERROR_MESSAGES);
  }

  private static double errorsKept(String summary) {
    KeyInformation original = new KeyInformation(Map.of(KeyKind.ERROR_MESSAGES,
        List.of("AssertionError: expected 3 rows, got 4"))).withOptionalErrors(
        Map.of("File has been modified since read, either by the user or by a linter.", Set.of("importer.py")));
    return new CompactionScorer(CompactionSettings.DEFAULTS, original, 400, CompactionScorerTest.WORDS).score(summary)
        .evidence().preservation().get(KeyKind.ERROR_MESSAGES);
  }

  @Test
  void aRefusalTheSummaryTellsWithItsFileCountsAsKeptAndOneItLeavesOutIsNoLoss() {
    assertThat(Conversation.of(asked(), 0, 25).key().optional(KeyKind.ERROR_MESSAGES)).isEmpty();
    assertThat(errorsKept("4. Errors and fixes: the test failed with AssertionError: expected 3 rows, got 4."))
        .isEqualTo(100.0);
    String refusal = " An edit of importer.py was refused: File has been modified since read, either by the user or"
        + " by a linter.";
    assertThat(errorsKept("4. Errors and fixes:" + refusal)).isEqualTo(50.0);
    assertThat(errorsKept("4. Errors and fixes: the test failed with AssertionError: expected 3 rows, got 4."
        + refusal)).isEqualTo(100.0);
  }

  @Test
  void theHarnesssWordsOfAnotherFileKeepNoRefusal() {
    // Another session's summary tells the same words of its own file: they are the harness's, not this session's.
    String other = "4. Errors and fixes: the test failed with AssertionError: expected 3 rows, got 4. An edit of"
        + " loader.py was refused: File has been modified since read, either by the user or by a linter.";
    assertThat(errorsKept(other)).isEqualTo(100.0);
    assertThat(errorsKept("4. Errors and fixes: An edit of loader.py was refused: File has been modified since read,"
        + " either by the user or by a linter.")).isEqualTo(0.0);
  }

  @Test
  void aRefusalOnNoFileIsNoKeyInformationAtAll() {
    List<TranscriptMessage> ms = asked();
    ms.add(call("p1", "ExitPlanMode", "plan", "Skip blank rows in read_rows()"));
    ms.add(result("p1", "Tool permission request failed: Error: Stream closed", true));
    ms.add(call("e1", "Edit", "file_path", "/w/src/importer.py"));
    ms.add(result("e1", "<tool_use_error>File has not been read yet. Read it first before writing to it."
        + "</tool_use_error>", true));
    KeyInformation key = Conversation.of(ms, 0, 25).key();

    assertThat(key.optional(KeyKind.ERROR_MESSAGES)).singleElement().asString()
        .contains("File has not been read yet");
    assertThat(key.optionalOn()).containsValue(Set.of("importer.py"));
  }

  @Test
  void anEditTheHarnessRefusedIsNoKeyErrorButStaysAProblemOfTheErrorsSection() {
    List<TranscriptMessage> ms = asked();
    ms.add(call("e1", "Edit", "file_path", "/w/src/importer.py"));
    ms.add(result("e1", "<tool_use_error>File has not been read yet. Read it first before writing to it."
        + "</tool_use_error>", true));
    Conversation c = Conversation.of(ms, 0, 25);
    assertThat(c.key().of(KeyKind.ERROR_MESSAGES)).isEmpty();
    assertThat(c.key().optional(KeyKind.ERROR_MESSAGES)).singleElement().asString()
        .contains("File has not been read yet");
    assertThat(c.problems()).extracting(Problem::headline).anyMatch(h -> h.contains("File has not been read yet"));
  }

  @Test
  void aFailingTestRunBesideARefusalStaysAKeyError() {
    List<TranscriptMessage> ms = asked();
    ms.add(call("e1", "Write", "file_path", "/w/src/importer.py"));
    ms.add(result("e1", "<tool_use_error>File has been modified since read, either by the user or by a linter."
        + "</tool_use_error>", true));
    ms.add(call("b1", "Bash", "command", "pytest tests/test_importer.py"));
    ms.add(result("b1", "Exit code 1\nE   AssertionError: expected 3 rows, got 4\n1 failed, 5 passed", true));
    assertThat(keyErrors(ms)).singleElement().asString().contains("AssertionError: expected 3 rows, got 4")
        .doesNotContain("modified since read");
  }

  @Test
  void theHarnessesOwnWordsWithoutTheirWrapperAreNoKeyErrorEither() {
    List<TranscriptMessage> ms = asked();
    ms.add(call("e1", "Edit", "file_path", "/w/src/importer.py"));
    ms.add(result("e1", "Found 2 matches of the string to replace, but replace_all is false.", true));
    ms.add(call("p1", "ExitPlanMode", "plan", "Skip blank rows in read_rows()"));
    ms.add(result("p1", "Exit plan mode?", true));
    ms.add(call("t1", "Task", "prompt", "Find where rows are read"));
    ms.add(result("t1", "Interrupted by user", true));
    assertThat(keyErrors(ms)).isEmpty();
  }

  @Test
  void aShellCallTheHarnessCancelledIsNoKeyErrorButOneThatRanAndFailedIs() {
    List<TranscriptMessage> ms = asked();
    ms.add(call("b1", "Bash", "command", "make test"));
    ms.add(result("b1", "<tool_use_error>Sibling tool call errored</tool_use_error>", true));
    assertThat(keyErrors(ms)).isEmpty();
    ms.add(call("b2", "Bash", "command", "make test"));
    ms.add(result("b2", "Exit code 2\nmake: *** No rule to make target 'test'.  Stop.", true));
    assertThat(keyErrors(ms)).singleElement().asString().contains("No rule to make target");
  }

  @Test
  void aHooksVerdictOnAnEditIsThePersonsOwnCheckAndStaysAKeyError() {
    List<TranscriptMessage> ms = asked();
    ms.add(call("w1", "Write", "file_path", "/w/src/importer.py"));
    ms.add(result("w1", "PostToolUse:Write hook error: [ruff check]: F401 `os` imported but unused", true));
    assertThat(keyErrors(ms)).singleElement().asString().contains("imported but unused");
  }

  @Test
  void harnessWordsAreReadByTheWrapperForAnyToolAndByTheToolOtherwise() {
    assertThat(Problem.harnessWords("mcp__db__query", "<tool_use_error>InputValidationError: sql is required"
        + "</tool_use_error>")).isTrue();
    assertThat(Problem.harnessWords("mcp__db__query", "relation \"rows\" does not exist")).isFalse();
    assertThat(Problem.harnessWords("WebFetch", "Request failed with status code 404")).isFalse();
    assertThat(Problem.harnessWords("AskUserQuestion", "Answer questions?")).isTrue();
    assertThat(Problem.harnessWords("Agent", "Hook PreToolUse:Agent denied this tool")).isFalse();
    assertThat(Problem.harnessWords("Edit", "EACCES: permission denied, open '/etc/nginx/sites-enabled/app'"))
        .isFalse();
  }
}
