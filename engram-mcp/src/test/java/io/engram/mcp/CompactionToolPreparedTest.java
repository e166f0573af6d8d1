package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.levels.ContextLevelKeeper;
import io.engram.testing.GrowingTranscript;
import io.engram.transcript.TranscriptReader;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code compact} tool answers with the compaction Engram prepared when it still describes the transcript. */
class CompactionToolPreparedTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void thePreparedCompactionIsUsedAsItIsUntilTheTranscriptMovesOn() throws Exception {
    EngramServices services = TestServerMain.services(home, project);
    GrowingTranscript session = new GrowingTranscript("agent-9", "claude-sonnet-4-5", 20_000, 4_000);
    Path t = session.growPast(0.92, 200_000).write(project.resolve("agent-9.jsonl"));
    new ContextLevelKeeper(services.settings(), services.router(), services.engramHome(), services.memory().location(),
        services.instructions()::load, Clock.systemUTC()).afterTurn(TranscriptReader.read(t), "compact");
    MemoryTools.ToolDef compact = new MemoryTools(services).all().stream().filter(d -> d.name().equals("compact"))
        .findFirst().orElseThrow();

    MemoryTools.ToolAnswer ready = compact.action().run(new Arguments(Map.of("transcript", t.toString())));
    assertThat(ready.text()).contains("<summary>", "prepared by Engram at 92% of the window");
    assertThat(ready.structured()).containsKey("prepared").containsKey("tokensBefore");

    session.turn().write(t);
    MemoryTools.ToolAnswer fresh = compact.action().run(new Arguments(Map.of("transcript", t.toString())));
    assertThat(fresh.structured()).doesNotContainKey("prepared").containsKey("summary");
  }
}
