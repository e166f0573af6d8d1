package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.redact.SecretRedactor;
import io.engram.testing.TestResources;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sessions as SpecStory saves them ({@code transcripts/specstory/}, written for these tests in the shapes its
 * versions write: the 2.1 tags for Cursor and for Claude Code, the labelled calls of 2025, the untagged parts of the
 * Cursor extension's first versions).
 */
class SpecStoryMarkdownTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      // file, agent, session id, typed messages, tool calls, compactions
      "cursor-v2.md, CURSOR, 5d0e9b7a-1c2f-4e3a-9b8c-7d6e5f4a3b21, 2, 7, 0",
      "claude-code-v2.md, CLAUDE_CODE, 8f14e45f-ceea-467f-a0e6-8a1b2c3d4e5f, 1, 8, 1",
      "cursor-2025.md, CURSOR, cursor-2025, 1, 3, 0",
      "cursor-first.md, CURSOR, cursor-first, 2, 6, 0",
      "codex-v2.md, CODEX, 019d7a1e-33b4-7c21-9e0f-5a6b7c8d9e0f, 1, 4, 0",
      "gemini-v2.md, GEMINI, 6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f, 1, 5, 0",
  })
  void readsEveryTypedMessageAndToolCallOfEachVersion(String file, CodingAgent agent, String session, int typed,
      int calls, int compactions) throws Exception {
    Path path = TestResources.path("transcripts/specstory/" + file);

    Transcript t = TranscriptReader.read(path);

    assertThat(TranscriptFormat.of(path)).isEqualTo(TranscriptFormat.SPECSTORY_MARKDOWN);
    assertThat(t.agent()).isEqualTo(agent);
    assertThat(t.sessionId()).isEqualTo(session);
    assertThat(t.userMessages()).hasSize(typed);
    assertThat(t.toolCallCount()).isEqualTo(calls);
    assertThat(t.boundaries()).hasSize(compactions);
    assertThat(t.problems()).isEmpty();
  }

  @Test
  void cursorCallsReadIntoTheVocabularyWithTheirOutputs() throws Exception {
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/specstory/cursor-v2.md"));

    assertThat(t.toolCallCounts()).containsExactlyInAnyOrderEntriesOf(
        Map.of("Bash", 2, "Read", 1, "Edit", 1, "TodoWrite", 1, "LS", 1, "mcp", 1));
    List<ContentBlock.ToolUse> bash = calls(t, "Bash");
    assertThat(bash.get(0).inputText("command")).isEqualTo("cd /home/dev/calendar && ./gradlew test --tests DateParserTest");
    assertThat(resultOf(t, bash.get(0)).text()).contains("BUILD FAILED");
    assertThat(resultOf(t, bash.get(1)).text()).contains("BUILD SUCCESSFUL");
    assertThat(calls(t, "Edit").get(0).inputText("file_path"))
        .isEqualTo("/home/dev/calendar/src/main/java/cal/DateParser.java");
    assertThat(TodoList.latest(t.messages()).open()).extracting(TodoList.Todo::content)
        .containsExactly("Pass the zone into DateParser", "Run the whole suite");
    assertThat(resultOf(t, calls(t, "mcp").get(0)).isError()).isTrue();
    assertThat(t.messages()).filteredOn(m -> m.role() == Role.ASSISTANT).flatExtracting(TranscriptMessage::blocks)
        .filteredOn(ContentBlock.Thinking.class::isInstance).hasSize(1);
    assertThat(t.userMessages().get(0).timestamp()).contains(Instant.parse("2026-02-10T09:15:00Z"));
    assertThat(t.summaries()).containsExactly("Fix the flaky date parser test (2026-02-10 09:15Z)");
  }

  @Test
  void aRoleLineQuotedInCodeIsText() throws Exception {
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/specstory/cursor-v2.md"));

    assertThat(t.messages()).filteredOn(m -> m.text().contains("this line is quoted code, not a turn"))
        .singleElement().satisfies(m -> assertThat(m.role()).isEqualTo(Role.ASSISTANT));
  }

  @Test
  void claudeCodeCallsKeepTheirFilesCommandsAndSidechain() throws Exception {
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/specstory/claude-code-v2.md"));

    assertThat(t.userMessages()).extracting(TranscriptMessage::typedText)
        .containsExactly("add a --dry-run flag to the release script");
    assertThat(calls(t, "Bash").get(0).inputText("command")).isEqualTo("sh scripts/release.sh 1.2.0 --dry-run");
    assertThat(calls(t, "Read").get(0).inputText("file_path")).isEqualTo("./scripts/release.sh");
    assertThat(calls(t, "Grep").get(0).inputText("pattern")).isEqualTo("release");
    assertThat(calls(t, "Grep").get(0).inputText("path")).isEqualTo("./scripts");
    assertThat(FileActivity.of(t.messages())).extracting(FileActivity::path)
        .contains("/home/dev/shop/scripts/release.sh", "/home/dev/shop/docs/releasing.md");
    assertThat(t.messages()).filteredOn(TranscriptMessage::isSidechain).extracting(TranscriptMessage::kind)
        .containsExactly(MessageKind.AGENT_MESSAGE, MessageKind.ASSISTANT, MessageKind.TOOL_RESULT);
    assertThat(t.messages()).extracting(TranscriptMessage::kind).contains(MessageKind.INTERRUPTION);
    TranscriptMessage summary = t.messages().get(t.boundaries().get(0).messageIndex());
    assertThat(summary.isCompactSummary()).isTrue();
    assertThat(t.segments()).hasSize(2);
    assertThat(t.messages()).filteredOn(m -> m.role() == Role.ASSISTANT).first()
        .satisfies(m -> assertThat(m.model()).contains("claude-opus-4-5-20251101"));
  }

  @Test
  void theFirstVersionsCallsAreReadFromTheirParts() throws Exception {
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/specstory/cursor-first.md"));

    assertThat(t.toolCallCounts()).containsExactlyInAnyOrderEntriesOf(
        Map.of("codebase_search", 1, "Read", 2, "Edit", 1, "Bash", 2));
    assertThat(calls(t, "Bash")).extracting(c -> c.inputText("command")).containsExactly("npm test", "npm run lint");
    assertThat(resultOf(t, calls(t, "Bash").get(1))).satisfies(r -> {
      assertThat(r.isError()).isTrue();
      assertThat(r.text()).isEqualTo("Cancelled");
    });
    assertThat(resultOf(t, calls(t, "Read").get(1)).isError()).isTrue();
    assertThat(t.messages()).filteredOn(m -> m.text().contains("curl localhost:3000/health")).singleElement()
        .satisfies(m -> assertThat(m.toolUses()).isEmpty());
  }

  @Test
  void labelledCallsOf2025TakeTheirSummaries() throws Exception {
    Transcript t = TranscriptReader.read(TestResources.path("transcripts/specstory/cursor-2025.md"));

    assertThat(calls(t, "Grep").get(0).inputText("pattern")).isEqualTo("ConfigLoader");
    assertThat(calls(t, "Edit").get(0).inputText("file_path")).isEqualTo("src/app.ts");
    assertThat(FileActivity.of(t.messages())).extracting(FileActivity::path)
        .contains("src/config/SettingsLoader.ts", "src/app.ts");
  }

  @Test
  void codexAndGeminiCallsAsSpecStoryRendersThem() throws Exception {
    Transcript codex = TranscriptReader.read(TestResources.path("transcripts/specstory/codex-v2.md"));
    Transcript gemini = TranscriptReader.read(TestResources.path("transcripts/specstory/gemini-v2.md"));

    assertThat(calls(codex, "Bash")).extracting(c -> c.inputText("command"))
        .containsExactly("rg -n \"header\" src/export", "python -m pytest tests/test_csv.py -q");
    assertThat(resultOf(codex, calls(codex, "Bash").get(0)).text()).contains("write_rows(rows[1:])");
    assertThat(calls(codex, "apply_patch").get(0).inputText("file_path")).isEqualTo("src/export/csv.py");
    assertThat(FileActivity.of(codex.messages())).extracting(FileActivity::path).containsExactly("src/export/csv.py");
    assertThat(TodoList.latest(codex.messages()).open()).extracting(TodoList.Todo::content)
        .containsExactly("Add a test for the header row");
    assertThat(calls(gemini, "Grep").get(0)).satisfies(c -> {
      assertThat(c.inputText("pattern")).isEqualTo("favicon");
      assertThat(c.inputText("glob")).isEqualTo("*.html");
    });
    assertThat(resultOf(gemini, calls(gemini, "Grep").get(0)).text()).isEqualTo("Found 1 match in web/login.html");
    assertThat(calls(gemini, "Bash").get(0).inputText("command")).isEqualTo("ls static");
    assertThat(calls(gemini, "Edit").get(0).inputText("file_path")).isEqualTo("web/login.html");
    assertThat(calls(gemini, "save_memory").get(0).inputText("fact")).isEqualTo("The login page's icon is static/logo.png");
  }

  @Test
  void aFileNamedInChineseGivesASessionIdAPathCanHold(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("调整布局以改善视觉效果.md"), "## SpecStory\n\n_**User**_\n\n改成上下排列\n");
    Path other = Files.writeString(dir.resolve("修改书签页面.md"), "## SpecStory\n\n_**User**_\n\n改一下\n");

    String id = TranscriptReader.read(file).sessionId();

    assertThat(id).matches("[A-Za-z0-9._-]{1,128}").isNotEqualTo(TranscriptReader.read(other).sessionId());
    assertThat(SecretRedactor.standard().redact("session " + id).count()).as("a session id is not a secret").isZero();
    assertThat(TranscriptReader.read(TestResources.path("transcripts/specstory/cursor-first.md")).sessionId())
        .isEqualTo("cursor-first");
  }

  @Test
  void aJsonTranscriptOrPlainTextIsNotTakenForSpecStory() throws Exception {
    assertThat(TranscriptFormat.of(new StringReader("{\"type\":\"user\",\"message\":{\"content\":\"_**User**_\"}}\n")))
        .isEqualTo(TranscriptFormat.CLAUDE_CODE);
    assertThat(TranscriptFormat.of(new StringReader("# Notes\n\nsome text\n"))).isEqualTo(TranscriptFormat.CLAUDE_CODE);
    assertThat(TranscriptFormat.of(new StringReader("_**User**_\n\nhello\n")))
        .isEqualTo(TranscriptFormat.SPECSTORY_MARKDOWN);
  }

  @Test
  void aBlockNeverClosedIsReportedAndTheTurnsAfterItAreRead() throws Exception {
    String text = """
        _**User**_

        run it

        ---

        _**Assistant**_

        <tool-use data-tool-type="shell" data-tool-name="run_terminal_cmd">
        <details><summary>Tool use: **run_terminal_cmd** • Run command: make</summary>

        ---

        _**User**_

        and again
        """;

    Transcript t = TranscriptReader.read(new StringReader(text), "open");

    assertThat(t.userMessages()).extracting(TranscriptMessage::text).containsExactly("run it", "and again");
    assertThat(calls(t, "Bash")).extracting(c -> c.inputText("command")).containsExactly("make");
    assertThat(t.problems()).singleElement().satisfies(p -> assertThat(p.number()).isEqualTo(9));
  }

  static List<ContentBlock.ToolUse> calls(Transcript t, String name) {
    return t.messages().stream().flatMap(m -> m.toolUses().stream()).filter(u -> u.name().equals(name)).toList();
  }

  static ContentBlock.ToolResult resultOf(Transcript t, ContentBlock.ToolUse call) {
    return t.messages().stream().flatMap(m -> m.blocks().stream())
        .filter(b -> b instanceof ContentBlock.ToolResult r && r.toolUseId().equals(call.id()))
        .map(ContentBlock.ToolResult.class::cast).findFirst().orElseThrow();
  }
}
