package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.testing.GrowingTranscript;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The context levels through {@code engram hook}, as Claude Code calls it: Stop acts, the next prompt is told. */
class ContextLevelHooksTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path home;
  @TempDir Path project;

  private CommandRun hook(String event, String stdin) {
    InputStream before = System.in;
    System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    try {
      return CommandRun.of("--home", home.toString(), "hook", event);
    } finally {
      System.setIn(before);
    }
  }

  private String input(Path transcript, String extra) {
    return "{\"session_id\":\"s9\",\"transcript_path\":\"" + transcript + "\",\"cwd\":\"" + project + "\"" + extra + "}";
  }

  @Test
  void stopPreparesACompactionAndTheNextPromptIsToldTheTurnsLeftOnce() throws Exception {
    Path t = new GrowingTranscript("s9", "claude-sonnet-4-5", 165_000, 4_000).turn().write(project.resolve("s9.jsonl"));
    CommandRun stop = hook("Stop", input(t, ""));
    assertThat(stop.exitCode()).as(stop.err()).isZero();
    assertThat(stop.err()).contains("compaction prepared at 82%");
    assertThat(home.resolve("sessions/s9/prepared-compaction.json")).exists();
    assertThat(home.resolve("sessions/s9/restart-context.md")).exists();

    CommandRun prompt = hook("UserPromptSubmit", input(t, ",\"prompt\":\"go on\""));
    JsonNode told = JSON.readTree(prompt.out());
    assertThat(told.at("/hookSpecificOutput/additionalContext").asText()).startsWith("Engram: context at 82%, about"
        + " 8-12 turns left (a typical session at this level; this one has too few turns to measure); a compaction"
        + " is prepared: run /compact when convenient.");
    assertThat(hook("UserPromptSubmit", input(t, ",\"prompt\":\"and on\"")).out()).doesNotContain("context at 82%");

    assertThat(hook("PreCompact", input(t, ",\"trigger\":\"manual\"")).exitCode()).isZero();
    CommandRun restart = hook("SessionStart", input(t, ",\"source\":\"compact\""));
    assertThat(JSON.readTree(restart.out()).at("/hookSpecificOutput/additionalContext").asText())
        .contains("# Compaction summary Engram prepared (at 82% of the window", "restart-context.md");
  }
}
