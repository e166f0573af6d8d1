package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.cli.HookFixture;
import io.engram.testing.GrowingTranscript;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The context levels through {@code engram hook}, as Claude Code calls it: Stop acts, the next prompt is told. */
class ContextLevelHooksTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path root;
  private HookFixture f;

  @BeforeEach
  void fixture() {
    f = HookFixture.in(root);
  }

  @Test
  void stopPreparesACompactionAndTheNextPromptIsToldTheTurnsLeftOnce() throws Exception {
    Path home = f.home();
    Path t = new GrowingTranscript("s9", "claude-sonnet-4-5", 165_000, 4_000).turn()
        .write(f.project().resolve("s9.jsonl"));
    CommandRun stop = f.hook("Stop", f.hookInput("s9", t, ""));
    assertThat(stop.exitCode()).as(stop.err()).isZero();
    assertThat(stop.err()).contains("compaction prepared at 82%");
    assertThat(home.resolve("sessions/s9/prepared-compaction.json")).exists();
    assertThat(home.resolve("sessions/s9/restart-context.md")).exists();

    CommandRun prompt = f.hook("UserPromptSubmit", f.hookInput("s9", t, ",\"prompt\":\"go on\""));
    JsonNode told = JSON.readTree(prompt.out());
    assertThat(told.at("/hookSpecificOutput/additionalContext").asText()).startsWith("Engram: context at 82%, about"
        + " 8-12 turns left (a typical session at this level; this one has too few turns to measure); a compaction"
        + " is prepared: run /compact when convenient.");
    assertThat(f.hook("UserPromptSubmit", f.hookInput("s9", t, ",\"prompt\":\"and on\"")).out())
        .doesNotContain("context at 82%");

    assertThat(f.hook("PreCompact", f.hookInput("s9", t, ",\"trigger\":\"manual\"")).exitCode()).isZero();
    CommandRun restart = f.hook("SessionStart", f.hookInput("s9", t, ",\"source\":\"compact\""));
    assertThat(JSON.readTree(restart.out()).at("/hookSpecificOutput/additionalContext").asText())
        .contains("# Compaction summary Engram prepared (at 82% of the window", "restart-context.md");
  }
}
