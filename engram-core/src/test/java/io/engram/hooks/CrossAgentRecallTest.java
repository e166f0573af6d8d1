package io.engram.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.model.ModelRouter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One project, two agents: what Engram learns at the end of a turn in one agent's session is recalled when the
 * person asks about it in the other agent's session, each memory naming the agent it was learnt from.
 */
class CrossAgentRecallTest {
  @TempDir Path home;
  @TempDir Path project;

  private HookRunner runner() throws IOException {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    ProjectMemory store = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC(), Dream.sessionCounter());
    return new HookRunner(roots, store, EngramSettings.DEFAULTS, ModelRouter.offline(), Clock.systemUTC());
  }

  private ProjectMemory store() throws IOException {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    return MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC(), Dream.sessionCounter());
  }

  @Test
  void aMemoryLearntInACodexSessionIsRecalledInAClaudeCodeSessionOfTheSameProject() throws IOException {
    Path rollout = Files.writeString(home.resolve("rollout-2026-03-01T09-00-00-0199aaaa-0000-7000-8000-000000000001.jsonl"),
        codexLine("session_meta", "{\"id\":\"0199aaaa-0000-7000-8000-000000000001\",\"cwd\":\"" + project + "\"}")
        + codexLine("event_msg", "{\"type\":\"user_message\",\"message\":\"Remember that the staging database is"
            + " reset every Sunday night, so never rely on data there.\"}")
        + codexLine("response_item", "{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":"
            + "\"output_text\",\"text\":\"Noted.\"}]}"));

    runner().run(HookEvent.STOP, HookInput.parse("{\"session_id\":\"0199aaaa-0000-7000-8000-000000000001\","
        + "\"transcript_path\":\"" + rollout + "\",\"cwd\":\"" + project + "\",\"hook_event_name\":\"Stop\"}"));
    HookRunner.Answer claude = runner().run(HookEvent.USER_PROMPT_SUBMIT, HookInput.parse(
        "{\"session_id\":\"c1\",\"cwd\":\"" + project + "\",\"hook_event_name\":\"UserPromptSubmit\","
            + "\"prompt\":\"can I load test data into the staging database on Sunday?\"}"));

    assertThat(claude.additionalContext()).hasValueSatisfying(c -> assertThat(c).contains("reset every Sunday night"));
    assertThat(store().list().memories()).extracting(m -> m.memory().agent().orElse(""))
        .containsOnly("codex");
  }

  @Test
  void aMemoryLearntInAClaudeCodeSessionIsRecalledInACodexSessionOfTheSameProject() throws IOException {
    Path transcript = Files.writeString(home.resolve("c2.jsonl"),
        claudeLine("user", "u1", "This project uses pnpm; run pnpm install, not npm install.")
        + claudeLine("assistant", "a1", "Got it, I will use pnpm."));

    runner().run(HookEvent.STOP, HookInput.parse("{\"session_id\":\"c2\",\"transcript_path\":\"" + transcript
        + "\",\"cwd\":\"" + project + "\",\"hook_event_name\":\"Stop\"}"));
    // Codex sends its hooks Claude Code's fields, plus its turn and model.
    HookRunner.Answer codex = runner().run(HookEvent.USER_PROMPT_SUBMIT, HookInput.parse(
        "{\"session_id\":\"0199bbbb-0000-7000-8000-000000000002\",\"turn_id\":\"t1\",\"cwd\":\"" + project
            + "\",\"hook_event_name\":\"UserPromptSubmit\",\"model\":\"gpt-5-codex\","
            + "\"prompt\":\"which package manager do we install dependencies with?\"}"));

    assertThat(codex.additionalContext()).hasValueSatisfying(c -> assertThat(c).contains("pnpm"));
    assertThat(store().list().memories()).extracting(StoredMemory::memory)
        .allSatisfy(m -> assertThat(m.agent()).contains("claude-code"));
  }

  @Test
  void aMemoryLearntInACursorConversationIsRecalledInGeminiCliEachSpeakingItsOwnHookContract() throws IOException {
    String conversation = "668320d2-2fd8-4888-b33c-2a466fec86e7";
    Path transcript = home.resolve("u/.cursor/projects/work-app/agent-transcripts/" + conversation + "/"
        + conversation + ".jsonl");
    Files.createDirectories(transcript.getParent());
    Files.writeString(transcript, "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":"
        + "\"<user_query>\\nNever commit directly to main; always open a pull request instead.\\n</user_query>\"}]}}\n"
        + "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"Understood.\"}]}}\n");
    HookDialect.Places places = new HookDialect.Places(home,
        io.engram.transcript.AgentSessionFiles.of(home.resolve("u"), Map.of()));

    // Cursor's stop: no session_id, no cwd, no transcript_path.
    HookDialect.Call stop = HookDialect.CURSOR.call(HookEvent.STOP, "{\"conversation_id\":\"" + conversation
        + "\",\"hook_event_name\":\"stop\",\"status\":\"completed\",\"workspace_roots\":[\"" + project + "\"]}",
        places);
    runner().run(stop.event(), stop.input());
    // A correction is a standing memory: Gemini CLI's next session starts with it.
    HookDialect.Call start = HookDialect.GEMINI.call(HookEvent.SESSION_START, "{\"session_id\":\"g1\","
        + "\"transcript_path\":\"\",\"cwd\":\"" + project + "\",\"hook_event_name\":\"SessionStart\","
        + "\"timestamp\":\"2026-03-01T10:00:00Z\",\"source\":\"startup\"}", places);
    HookRunner.Answer gemini = runner().run(start.event(), start.input());

    String stdout = HookDialect.GEMINI.stdout(start.event(), gemini.additionalContext());
    assertThat(stdout).contains("\"hookEventName\":\"SessionStart\"", "pull request");
    assertThat(store().list().memories()).extracting(m -> m.memory().agent().orElse(""))
        .containsOnly("cursor");
  }

  private static String codexLine(String type, String payload) {
    return "{\"timestamp\":\"2026-03-01T09:00:00Z\",\"type\":\"" + type + "\",\"payload\":" + payload + "}\n";
  }

  private String claudeLine(String type, String uuid, String text) {
    return "{\"type\":\"" + type + "\",\"uuid\":\"" + uuid + "\",\"sessionId\":\"c2\",\"cwd\":\"" + project
        + "\",\"timestamp\":\"2026-03-01T10:00:00Z\",\"message\":{\"role\":\"" + type + "\",\"content\":[{\"type\":"
        + "\"text\",\"text\":\"" + text + "\"}]}}\n";
  }
}
