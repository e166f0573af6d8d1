package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.testing.TestResources;
import io.engram.transcript.AgentSessionFiles;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each agent's hook contract read into Claude Code's terms and answered in the agent's own shape. */
class HookDialectTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path home;
  @TempDir Path userHome;
  @TempDir Path project;

  private HookDialect.Places places() {
    return new HookDialect.Places(home, AgentSessionFiles.of(userHome, Map.of()));
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
      "claude, UserPromptSubmit, USER_PROMPT_SUBMIT",
      "codex, Stop, STOP",
      "gemini, BeforeAgent, USER_PROMPT_SUBMIT",
      "gemini, AfterAgent, STOP",
      "gemini, PreCompress, PRE_COMPACT",
      "gemini, SessionEnd, SESSION_END",
      "gemini, UserPromptSubmit, USER_PROMPT_SUBMIT",
      "cursor, sessionStart, SESSION_START",
      "cursor, beforeSubmitPrompt, USER_PROMPT_SUBMIT",
      "cursor, stop, STOP",
      "cursor, preCompact, PRE_COMPACT",
      "cursor, sessionEnd, SESSION_END",
      "opencode, Stop, STOP",
  })
  void takesTheAgentsOwnEventNamesAndClaudeCodes(String agent, String name, HookEvent event) {
    assertThat(HookDialect.parse(agent).orElseThrow().event(name)).contains(event);
  }

  @Test
  void anAgentEngramDoesNotKnowAndAnEventNoAgentHasAreRefused() {
    assertThat(HookDialect.parse("copilot")).isEmpty();
    assertThat(HookDialect.parse("other")).isEmpty();
    assertThat(HookDialect.GEMINI.event("BeforeModel")).isEmpty();
    assertThat(HookDialect.CURSOR.event("beforeShellExecution")).isEmpty();
  }

  @Test
  void cursorsConversationAndWorkspaceBecomeTheSessionAndTheProjectAndAByteOrderMarkIsSkipped() throws IOException {
    String json = "\uFEFF{\"conversation_id\":\"668320d2-2fd8-4888-b33c-2a466fec86e7\",\"generation_id\":\"g1\","
        + "\"hook_event_name\":\"stop\",\"workspace_roots\":[\"" + project + "\"],\"cwd\":\"\",\"status\":\"completed\","
        + "\"transcript_path\":null}";

    HookDialect.Call call = HookDialect.CURSOR.call(HookEvent.STOP, json, places());

    assertThat(call.input().sessionId()).isEqualTo("668320d2-2fd8-4888-b33c-2a466fec86e7");
    assertThat(call.input().cwd()).contains(project);
    assertThat(call.input().transcriptPath()).isEmpty();
    assertThat(call.notes()).isEmpty();
    assertThat(HookInput.parse(call.body()).sessionId()).isEqualTo(call.input().sessionId());
  }

  @Test
  void aTranscriptTheInputDoesNotNameIsFoundByTheSessionsIdInTheAgentsOwnPlace() throws IOException {
    String id = "019e1695-0522-7c83-8b39-0dd379793f80";
    Path older = write(userHome.resolve(".codex/sessions/2026/05/10/rollout-2026-05-10T09-00-00-" + id + ".jsonl"));
    Path newer = write(userHome.resolve(".codex/sessions/2026/05/11/rollout-2026-05-11T13-28-45-" + id + ".jsonl"));
    write(userHome.resolve(".codex/sessions/2026/05/12/rollout-2026-05-12T08-00-00-0000-other.jsonl"));
    String codex = "{\"session_id\":\"" + id + "\",\"turn_id\":\"t\",\"transcript_path\":null,\"cwd\":\"" + project
        + "\",\"hook_event_name\":\"Stop\",\"model\":\"gpt-5\",\"permission_mode\":\"default\","
        + "\"stop_hook_active\":false,\"last_assistant_message\":null}";

    assertThat(HookDialect.CODEX.call(HookEvent.STOP, codex, places()).input().transcriptPath()).contains(newer);
    assertThat(older).exists();

    Path ide = write(userHome.resolve(".cursor/projects/home-dev-app/agent-transcripts/c1/c1.jsonl"));
    Path cli = write(userHome.resolve(".cursor/projects/tmp-x/agent-transcripts/c2.jsonl"));
    assertThat(HookDialect.CURSOR.call(HookEvent.STOP, "{\"conversation_id\":\"c1\"}", places()).input()
        .transcriptPath()).contains(ide);
    assertThat(HookDialect.CURSOR.call(HookEvent.PRE_COMPACT, "{\"conversation_id\":\"c2\"}", places()).input()
        .transcriptPath()).contains(cli);
    assertThat(HookDialect.CURSOR.call(HookEvent.STOP, "{\"conversation_id\":\"../c1\"}", places()).input()
        .transcriptPath()).as("an id that is not a file name finds nothing").isEmpty();
  }

  @Test
  void codexsHomeMovesWithItsVariable() throws IOException {
    Path moved = Files.createDirectories(userHome.resolve("elsewhere"));
    Path rollout = write(moved.resolve("sessions/2026/01/02/rollout-2026-01-02T03-04-05-abc.jsonl"));
    HookDialect.Places places = new HookDialect.Places(home,
        AgentSessionFiles.of(userHome, Map.of(AgentSessionFiles.CODEX_HOME_ENV, moved.toString())));

    assertThat(HookDialect.CODEX.call(HookEvent.STOP, "{\"session_id\":\"abc\"}", places).input().transcriptPath())
        .contains(rollout);
  }

  @Test
  void geminiAlwaysGetsAJsonObjectAndItsOwnEventNameBesideTheContext() throws IOException {
    assertThat(JSON.readTree(HookDialect.GEMINI.stdout(HookEvent.STOP, Optional.empty())).isObject()).isTrue();
    assertThat(HookDialect.GEMINI.stdout(HookEvent.SESSION_END, Optional.empty())).isEqualTo("{}");

    JsonNode prompt = JSON.readTree(HookDialect.GEMINI.stdout(HookEvent.USER_PROMPT_SUBMIT, Optional.of("use pnpm")));

    assertThat(prompt.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("BeforeAgent");
    assertThat(prompt.at("/hookSpecificOutput/additionalContext").asText()).isEqualTo("use pnpm");
  }

  @Test
  void claudeCodeAndCodexGetNothingWhenThereIsNothingToAddAndHookSpecificOutputOtherwise() throws IOException {
    assertThat(HookDialect.CLAUDE_CODE.stdout(HookEvent.STOP, Optional.empty())).isEmpty();
    assertThat(HookDialect.CODEX.stdout(HookEvent.USER_PROMPT_SUBMIT, Optional.empty())).isEmpty();

    JsonNode out = JSON.readTree(HookDialect.CODEX.stdout(HookEvent.SESSION_START, Optional.of("notes")));

    assertThat(out).isEqualTo(JSON.readTree(
        "{\"hookSpecificOutput\":{\"hookEventName\":\"SessionStart\",\"additionalContext\":\"notes\"}}"));
  }

  @Test
  void cursorGetsAdditionalContextAtSessionStartAndOnlyContinueBeforeAPrompt() throws IOException {
    assertThat(JSON.readTree(HookDialect.CURSOR.stdout(HookEvent.SESSION_START, Optional.of("memories"))))
        .isEqualTo(JSON.readTree("{\"additional_context\":\"memories\",\"continue\":true}"));
    assertThat(JSON.readTree(HookDialect.CURSOR.stdout(HookEvent.USER_PROMPT_SUBMIT, Optional.of("ignored"))))
        .isEqualTo(JSON.readTree("{\"continue\":true}"));
    assertThat(HookDialect.CURSOR.stdout(HookEvent.STOP, Optional.empty())).isEqualTo("{}");
    assertThat(HookDialect.CURSOR.receivesContext(HookEvent.USER_PROMPT_SUBMIT)).isFalse();
    assertThat(HookDialect.CURSOR.receivesContext(HookEvent.SESSION_START)).isTrue();
    assertThat(HookDialect.GEMINI.receivesContext(HookEvent.USER_PROMPT_SUBMIT)).isTrue();
    assertThat(HookDialect.GEMINI.receivesContext(HookEvent.STOP)).isFalse();
  }

  @Test
  void anEventNameInTheInputThatDisagreesWithTheCommandIsNotedAndTheCommandsIsAnswered() throws IOException {
    HookDialect.Call call = HookDialect.GEMINI.call(HookEvent.STOP,
        "{\"session_id\":\"s\",\"hook_event_name\":\"BeforeAgent\",\"transcript_path\":\"\"}", places());

    assertThat(call.notes()).singleElement().asString().contains("BeforeAgent", "AfterAgent");
    assertThat(call.input().eventName()).contains("Stop");
    assertThat(call.input().transcriptPath()).as("Gemini sends an empty path when it records nothing").isEmpty();
    assertThat(HookDialect.GEMINI.call(HookEvent.STOP, "{\"session_id\":\"s\",\"hook_event_name\":\"AfterAgent\"}",
        places()).notes()).isEmpty();
  }

  @Test
  void badInputIsRefusedWithHookInputsOwnMessages() {
    assertThatThrownBy(() -> HookDialect.CURSOR.call(HookEvent.STOP, "[1]", places()))
        .hasMessageContaining("must be a JSON object");
    assertThatThrownBy(() -> HookDialect.CURSOR.call(HookEvent.STOP, "{\"workspace_roots\":[\"/x\"]}", places()))
        .hasMessageContaining("session_id");
    assertThatThrownBy(() -> HookDialect.GEMINI.call(HookEvent.STOP, "{oops", places()))
        .hasMessageContaining("not JSON");
  }

  @Test
  void anOpenCodeSessionHandedOverIsKeptRedactedInTheSessionsDirectoryAndReadLikeTheExport() throws IOException {
    Path fixture = TestResources.path("transcripts/opencode/entire__ses_2fd419c71ffeqSOLZEn9Pmpv8P.json");
    ObjectNode export = (ObjectNode) JSON.readTree(fixture.toFile());
    String secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    ((ObjectNode) export.at("/messages/0/parts/0")).put("text", "deploy with token " + secret);
    ObjectNode input = JSON.createObjectNode().put("session_id", "ses_2fd419c71ffeqSOLZEn9Pmpv8P")
        .put("cwd", project.toString()).put("hook_event_name", "Stop");
    input.set("transcript", export);

    HookDialect.Call call = HookDialect.OPENCODE.call(HookEvent.STOP, input.toString(), places());

    Path kept = call.input().transcriptPath().orElseThrow();
    assertThat(kept).startsWith(home).hasFileName("opencode-session.json");
    assertThat(Files.readString(kept)).doesNotContain(secret).contains("[REDACTED");
    assertThat(call.body()).doesNotContain("\"transcript\"").contains(kept.getFileName().toString());
    Transcript original = TranscriptReader.read(fixture);
    Transcript read = TranscriptReader.read(kept);
    assertThat(read.sessionId()).isEqualTo(original.sessionId());
    assertThat(read.userMessages()).hasSameSizeAs(original.userMessages());
    assertThat(read.toolCallCount()).isEqualTo(original.toolCallCount());
  }

  private static Path write(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, "{}\n");
  }
}
