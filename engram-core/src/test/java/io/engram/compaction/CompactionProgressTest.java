package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramSettings;
import io.engram.instructions.LoadedInstructions;
import io.engram.model.ModelRouter;
import io.engram.testing.GrowingTranscript;
import io.engram.transcript.TranscriptReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A compaction tells its stages as they begin, and a caller that throws CancellationException stops it there. */
class CompactionProgressTest {
  @TempDir Path home;
  @TempDir Path dir;

  private SessionCompaction compaction() {
    return new SessionCompaction(EngramSettings.DEFAULTS, ModelRouter.offline(), home, LoadedInstructions::empty);
  }

  @Test
  void everyStageIsToldInOrder() throws Exception {
    Path file = new GrowingTranscript("s-progress", "claude-sonnet-4-5", 2_000, 500).growPast(0.05, 200_000)
        .write(dir.resolve("s.jsonl"));
    List<String> heard = new ArrayList<>();
    CompactionResult r = compaction().compact(TranscriptReader.read(file), SessionCompaction.Request.userRequested(""),
        (stage, what) -> heard.add(stage + " " + what));

    assertThat(r.summary()).contains("<summary>");
    assertThat(heard).first().asString().startsWith("1 ");
    assertThat(heard).contains("2 reading the key information", "3 summary attempt 1");
    assertThat(heard).last().asString().startsWith("4 ");
  }

  @Test
  void aCancellationStopsTheCompactionInsteadOfDegradingIt() throws Exception {
    Path file = new GrowingTranscript("s-cancel", "claude-sonnet-4-5", 2_000, 500).growPast(0.05, 200_000)
        .write(dir.resolve("s.jsonl"));
    List<Integer> heard = new ArrayList<>();
    assertThatThrownBy(() -> compaction().compact(TranscriptReader.read(file),
        SessionCompaction.Request.userRequested(""), (stage, what) -> {
          heard.add(stage);
          if (stage == 3) {
            throw new CancellationException("stop");
          }
        })).isInstanceOf(CancellationException.class);
    assertThat(heard).containsExactly(1, 2, 3);
  }
}
