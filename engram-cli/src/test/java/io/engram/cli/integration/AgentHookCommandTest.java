package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.cli.HookFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram hook --agent AGENT EVENT} as Codex, Gemini CLI and Cursor call it, answered in their shapes. */
class AgentHookCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ROLLOUT_ID = "019e1695-0522-7c83-8b39-0dd379793f80";

  @TempDir Path root;
  private HookFixture f;

  @BeforeEach
  void fixture() {
    f = HookFixture.in(root);
  }

  @Test
  void aCodexStopWithoutATranscriptPathFindsItsRolloutAndLearnsFromIt() throws Exception {
    Path rollout = f.userHome().resolve(".codex/sessions/2026/05/11/rollout-2026-05-11T13-28-45-" + ROLLOUT_ID
        + ".jsonl");
    Files.createDirectories(rollout.getParent());
    Files.writeString(rollout, codex("session_meta", "{\"id\":\"" + ROLLOUT_ID + "\",\"cwd\":" + q(f.project()) + "}")
        + codex("event_msg", "{\"type\":\"user_message\",\"message\":\"The tests need Redis running on"
            + " localhost:6379.\"}"));

    CommandRun stop = f.hook("codex", "Stop", "{\"session_id\":\"" + ROLLOUT_ID + "\",\"turn_id\":\"t1\","
        + "\"transcript_path\":null,\"cwd\":" + q(f.project()) + ",\"hook_event_name\":\"Stop\",\"model\":\"gpt-5\","
        + "\"permission_mode\":\"default\",\"stop_hook_active\":false,\"last_assistant_message\":null}");

    assertThat(stop.exitCode()).isZero();
    assertThat(stop.out()).isEmpty();
    assertThat(stop.err()).contains("remembered project memory 'tests-need-redis'");
  }

  @Test
  void geminiGetsAJsonObjectOnStdoutForEveryEventItsNamesIncluded() throws Exception {
    Path chat = Files.writeString(f.project().resolve("session.jsonl"), "{\"sessionId\":\"g1\",\"projectHash\":\"h\","
        + "\"startTime\":\"2026-03-01T10:00:00Z\",\"lastUpdated\":\"2026-03-01T10:00:00Z\",\"kind\":\"main\"}\n"
        + "{\"id\":\"m1\",\"timestamp\":\"2026-03-01T10:00:01Z\",\"type\":\"user\",\"content\":\"This project uses pnpm;"
        + " run pnpm install, not npm install.\"}\n");
    String base = "{\"session_id\":\"g1\",\"transcript_path\":" + q(chat) + ",\"cwd\":" + q(f.project())
        + ",\"timestamp\":\"2026-03-01T10:00:02Z\"";

    CommandRun after = f.hook("gemini", "AfterAgent", base + ",\"hook_event_name\":\"AfterAgent\",\"prompt\":\"x\","
        + "\"prompt_response\":\"ok\",\"stop_hook_active\":false}");
    CommandRun before = f.hook("gemini", "BeforeAgent", base + ",\"hook_event_name\":\"BeforeAgent\","
        + "\"prompt\":\"which package manager do we install dependencies with?\"}");
    CommandRun end = f.hook("gemini", "SessionEnd", base + ",\"hook_event_name\":\"SessionEnd\",\"reason\":\"exit\"}");

    assertThat(after.exitCode()).isZero();
    assertThat(after.out().strip()).isEqualTo("{}");
    assertThat(after.err()).contains("pnpm");
    JsonNode recalled = JSON.readTree(before.out());
    assertThat(recalled.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("BeforeAgent");
    assertThat(recalled.at("/hookSpecificOutput/additionalContext").asText()).contains("pnpm");
    assertThat(end.exitCode()).isZero();
    assertThat(JSON.readTree(end.out()).isObject()).isTrue();
  }

  @Test
  void cursorIsAnsweredInItsOwnShapeAndItsPromptHookRecallsNothingItCouldNotDeliver() throws Exception {
    String conversation = "668320d2-2fd8-4888-b33c-2a466fec86e7";
    Path transcript = f.userHome().resolve(".cursor/projects/work/agent-transcripts/" + conversation + ".jsonl");
    Files.createDirectories(transcript.getParent());
    Files.writeString(transcript, "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":"
        + "\"<user_query>\\nNever commit directly to main; always open a pull request instead.\\n</user_query>\"}]}}\n");
    String common = "\"conversation_id\":\"" + conversation + "\",\"generation_id\":\"g\",\"cursor_version\":\"2.4.0\","
        + "\"workspace_roots\":[" + q(f.project()) + "],\"transcript_path\":null";

    CommandRun stop = f.hook("cursor", "stop", "\uFEFF{" + common + ",\"hook_event_name\":\"stop\","
        + "\"status\":\"completed\",\"loop_count\":0}");
    CommandRun prompt = f.hook("cursor", "beforeSubmitPrompt", "{" + common + ",\"hook_event_name\":"
        + "\"beforeSubmitPrompt\",\"prompt\":\"can I commit straight to main?\",\"attachments\":[]}");
    CommandRun start = f.hook("cursor", "sessionStart", "{" + common + ",\"session_id\":\"" + conversation + "\","
        + "\"hook_event_name\":\"sessionStart\",\"is_background_agent\":false,\"composer_mode\":\"agent\"}");

    assertThat(stop.exitCode()).isZero();
    assertThat(stop.err()).contains("remembered feedback memory");
    assertThat(JSON.readTree(stop.out())).isEqualTo(JSON.readTree("{}"));
    assertThat(JSON.readTree(prompt.out())).isEqualTo(JSON.readTree("{\"continue\":true}"));
    assertThat(prompt.err()).contains("answered without recalling");
    JsonNode started = JSON.readTree(start.out());
    assertThat(started.get("continue").asBoolean()).isTrue();
    assertThat(started.get("additional_context").asText()).contains("pull request");
  }

  @Test
  void anUnknownAgentIsRefusedWithExitOneAndTheChoices() {
    CommandRun run = f.hook("copilot", "Stop", "{}");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("unknown agent 'copilot'", "codex", "cursor");
  }

  @Test
  void anUnknownEventIsRefusedWithTheAgentsOwnEventNames() {
    CommandRun gemini = f.hook("gemini", "BeforeModel", "{}");
    CommandRun claude = f.hook("claude", "BeforeModel", "{}");

    assertThat(gemini.exitCode()).isEqualTo(1);
    assertThat(gemini.err()).contains("unknown event 'BeforeModel' for Gemini CLI (expected SessionStart, BeforeAgent,"
        + " PreCompress, AfterAgent, SessionEnd, AfterTool)").doesNotContain("UserPromptSubmit");
    assertThat(claude.err()).contains("(expected SessionStart, UserPromptSubmit, PreCompact, Stop, SessionEnd,"
        + " PostToolUse)");
  }

  private static String codex(String type, String payload) {
    return "{\"timestamp\":\"2026-05-11T13:28:45Z\",\"type\":\"" + type + "\",\"payload\":" + payload + "}\n";
  }

  private static String q(Path p) {
    return HookFixture.quoted(p.toString());
  }
}
