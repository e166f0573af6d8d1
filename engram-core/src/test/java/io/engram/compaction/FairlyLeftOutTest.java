package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a summary may fairly leave out, so the score does not hold it against one: a slip the next attempt got past
 * without a change to any file, and a scratch file in the system's temporary folder. A failed check, an error
 * fixed by a change and a file of the project still count.
 */
class FairlyLeftOutTest {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private static TranscriptMessage call(String id, String tool, String field, String value) {
    return TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse(id, tool,
        JSON.objectNode().put(field, value))));
  }

  private static TranscriptMessage result(String id, String text, boolean error) {
    return TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult(id, text, error)));
  }

  private static List<TranscriptMessage> session() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Make the linter pass on the importer."));
    ms.add(call("l1", "Bash", "command", "golangci-lint run --disable-all ./importer/..."));
    ms.add(result("l1", "Exit code 3\nError: unknown flag: --disable-all", true));
    ms.add(call("l2", "Bash", "command", "golangci-lint run ./importer/..."));
    ms.add(result("l2", "rows.go:12: ineffectual assignment to err (ineffassign)", true));
    ms.add(call("e1", "Edit", "file_path", "/w/importer/rows.go"));
    ms.add(result("e1", "updated", false));
    ms.add(call("l3", "Bash", "command", "golangci-lint run ./importer/..."));
    ms.add(result("l3", "0 issues.", false));
    ms.add(call("g1", "Bash", "command", "gh pr view 12 --json titel"));
    ms.add(result("g1", "Exit code 1\nUnknown JSON field: \"titel\"", true));
    ms.add(call("g2", "Bash", "command", "gh pr view 12 --json title"));
    ms.add(result("g2", "{\"title\":\"importer\"}", false));
    ms.add(call("w1", "Write", "file_path", "/tmp/lint-probe.go"));
    ms.add(result("w1", "created", false));
    return ms;
  }

  @Test
  void aSlipTheNextAttemptGotPastWithoutAChangeIsNoErrorASummaryMustKeep() {
    List<String> errors = Conversation.of(session(), 0, 25).key().of(KeyKind.ERROR_MESSAGES);
    assertThat(String.join("\n", errors)).doesNotContain("titel").contains("ineffectual assignment");
  }

  @Test
  void aFailedCheckIsNeverASlipEvenWhenItPassedOnTheNextRun() {
    List<TranscriptMessage> ms = new ArrayList<>();
    ms.add(TranscriptMessage.text(Role.USER, "Run the tests."));
    ms.add(call("t1", "Bash", "command", "go test ./importer/..."));
    ms.add(result("t1", "--- FAIL: TestRows (0.01s)\n    rows_test.go:9: timeout waiting for rows", true));
    ms.add(call("t2", "Bash", "command", "go test ./importer/..."));
    ms.add(result("t2", "ok  example.com/importer 0.2s", false));
    assertThat(String.join("\n", Conversation.of(ms, 0, 25).key().of(KeyKind.ERROR_MESSAGES)))
        .contains("FAIL: TestRows");
  }

  @Test
  void aScratchFileInTheTemporaryFolderIsNoFileASummaryMustKeep() {
    List<String> files = Conversation.of(session(), 0, 25).key().of(KeyKind.FILE_NAMES);
    assertThat(files).anyMatch(f -> f.endsWith("importer/rows.go")).noneMatch(f -> f.contains("lint-probe"));
    assertThat(FileTypes.scratch("/private/var/folders/x1/T/probe.py")).isTrue();
    assertThat(FileTypes.scratch("/work/tmp/notes.md")).isFalse();
  }
}
