package io.engram.mcp;

import io.engram.Engram;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.levels.ContextLevelKeeper;
import io.engram.testing.GrowingTranscript;
import io.engram.transcript.TranscriptReader;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code compact} tool and the context levels: it answers with the compaction Engram prepared while that still
 * describes the transcript, acts on the levels with {@code whenDue}, and gives the restart text with {@code restart}.
 */
class CompactionToolPreparedTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void thePreparedCompactionIsUsedAsItIsUntilTheTranscriptMovesOn() throws Exception {
    Engram engram = TestServerMain.engram(home, project);
    GrowingTranscript session = new GrowingTranscript("agent-9", "claude-sonnet-4-5", 20_000, 4_000);
    Path t = session.growPast(0.92, 200_000).write(project.resolve("agent-9.jsonl"));
    new ContextLevelKeeper(engram.settings(), engram.router(), engram.roots().engramHome(), engram.memory().location(),
        engram.instructions()::load, Clock.systemUTC()).afterTurn(TranscriptReader.read(t), "compact");
    ToolDef compact = EngramTools.named(engram, "compact");

    ToolDef.ToolAnswer ready = compact.action().run(ToolCall.of(Map.of("transcript", t.toString())));
    assertThat(ready.text()).contains("<summary>", "prepared by Engram at 92% of the window");
    assertThat(ready.structured()).containsKey("prepared").containsKey("tokensBefore");

    session.turn().write(t);
    ToolDef.ToolAnswer fresh = compact.action().run(ToolCall.of(Map.of("transcript", t.toString())));
    assertThat(fresh.structured()).doesNotContainKey("prepared").containsKey("summary");
  }

  private ToolDef compact(Engram engram) {
    return EngramTools.named(engram, "compact");
  }

  @Test
  void whenDueActsOnceAtEachLevelWithTheTurnsLeft() throws Exception {
    Engram engram = TestServerMain.engram(home, project);
    GrowingTranscript session = new GrowingTranscript("agent-10", "claude-sonnet-4-5", 20_000, 4_000);
    Path t = session.growPast(0.8, 200_000).write(project.resolve("agent-10.jsonl"));
    Map<String, Object> args = Map.of("transcript", t.toString(), "whenDue", true);

    ToolDef.ToolAnswer urgent = compact(engram).action().run(ToolCall.of(args));
    assertThat(urgent.text()).startsWith("Engram: context at 80%, about 5 turns left").contains("a compaction is prepared");
    assertThat(urgent.structured()).containsEntry("level", "urgent").containsKey("preparedAt");
    assertThat(home.resolve("sessions/agent-10/notes.md")).exists();
    assertThat(compact(engram).action().run(ToolCall.of(args)).structured().get("done")).asList().isEmpty();

    session.growPast(0.92, 200_000).write(t);
    ToolDef.ToolAnswer critical = compact(engram).action().run(ToolCall.of(args));
    assertThat(critical.structured()).containsEntry("level", "critical");
    assertThat(critical.text()).contains("a compaction is due now", "<summary>");
  }

  @Test
  void restartAnswersWithTheTextToContinueFrom() throws Exception {
    Engram engram = TestServerMain.engram(home, project);
    Path t = new GrowingTranscript("agent-11", "claude-sonnet-4-5", 20_000, 4_000).turn().turn()
        .write(project.resolve("agent-11.jsonl"));
    ToolDef.ToolAnswer r = compact(engram).action().run(ToolCall.of(Map.of("transcript", t.toString(),
        "restart", true)));
    assertThat(r.text()).startsWith("# Where the session stands (compacted by Engram)")
        .contains("## Messages kept from before the compaction", "Step 2: update src/feature2.ts");
    assertThat(r.structured()).containsKey("restartContext").containsKey("summary");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> compact(engram).action().run(ToolCall.of(Map.of(
        "transcript", t.toString(), "whenDue", true, "restart", true)))).hasMessageContaining("whenDue");
  }
}
