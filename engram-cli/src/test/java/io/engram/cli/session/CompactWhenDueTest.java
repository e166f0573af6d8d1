package io.engram.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.testing.GrowingTranscript;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram compact --when-due}: the context levels for agents without Claude Code's hooks. */
class CompactWhenDueTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int WINDOW = 200_000;

  @TempDir Path home;
  @TempDir Path project;

  private JsonNode whenDue(Path transcript) throws Exception {
    CommandRun run = CommandRun.in(home, project, "compact", "--when-due", "--json", transcript.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    return JSON.readTree(run.out());
  }

  @Test
  void eachLevelActsOnceAndTheCriticalOneCompactsWithThePreparedSummary() throws Exception {
    GrowingTranscript session = new GrowingTranscript("agent-7", "claude-sonnet-4-5", 20_000, 4_000);
    Path t = project.resolve("agent-7.jsonl");

    JsonNode normal = whenDue(session.growPast(0.3, WINDOW).write(t));
    assertThat(normal.get("level").asText()).isEqualTo("normal");
    assertThat(normal.get("done")).isEmpty();

    JsonNode warning = whenDue(session.growPast(0.6, WINDOW).write(t));
    assertThat(warning.get("level").asText()).isEqualTo("warning");
    assertThat(warning.get("done").toString()).isEqualTo("[\"refresh notes\",\"tell agent\"]");
    assertThat(warning.at("/turnsLeft/low").asInt()).isEqualTo(15);
    assertThat(warning.at("/turnsLeft/basis").asText()).isEqualTo("session_growth");
    assertThat(home.resolve("sessions/agent-7/notes.md")).exists();
    assertThat(whenDue(t).get("done")).isEmpty();

    JsonNode urgent = whenDue(session.growPast(0.8, WINDOW).write(t));
    assertThat(urgent.get("done").toString()).isEqualTo("[\"refresh notes\",\"prepare compaction\",\"tell agent\"]");
    assertThat(urgent.get("notice").asText()).contains("context at 80%, about 5 turns left",
        "a compaction is prepared: run engram compact when convenient");
    assertThat(urgent.get("compaction").isNull()).isTrue();

    JsonNode critical = whenDue(session.growPast(0.92, WINDOW).write(t));
    assertThat(critical.get("percent").asInt()).isEqualTo(92);
    assertThat(critical.get("done").toString()).contains("compact");
    assertThat(critical.at("/compaction/summary").asText()).contains("<summary>");

    // The transcript has not changed since: a plain compact uses the prepared compaction as it is.
    CommandRun plain = CommandRun.in(home, project, "compact", t.toString());
    assertThat(plain.exitCode()).as(plain.err()).isZero();
    assertThat(plain.out()).contains("<summary>", "Compaction prepared by Engram at 92% of the window");
    CommandRun asJson = CommandRun.in(home, project, "compact", "--json", t.toString());
    assertThat(JSON.readTree(asJson.out()).at("/prepared/percent").asInt()).isEqualTo(92);

    // One more turn and the prepared compaction no longer describes the transcript: a fresh one is computed.
    session.turn().write(t);
    CommandRun fresh = CommandRun.in(home, project, "compact", "--json", t.toString());
    assertThat(JSON.readTree(fresh.out()).has("prepared")).isFalse();
  }

  @Test
  void theHumanOutputSaysTheLevelAndTheTurnsLeft() throws Exception {
    Path t = new GrowingTranscript("agent-8", "claude-sonnet-4-5", 165_000, 4_000).turn().write(
        project.resolve("agent-8.jsonl"));
    CommandRun run = CommandRun.in(home, project, "compact", "--when-due", t.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("context at 82%, about 8-12 turns left (a typical session at this level;")
        .contains("level urgent", "compaction prepared at 82%");
    assertThat(CommandRun.in(home, project, "compact", "--when-due", "--instructions", "x", t.toString()).exitCode())
        .isEqualTo(1);
  }
}
