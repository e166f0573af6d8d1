package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.memory.MemoryType;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DreamHistoryTest {
  static final Instant MAY_1 = Instant.parse("2026-05-01T09:00:00Z");
  static final Instant MAY_10 = Instant.parse("2026-05-10T09:00:00Z");
  @TempDir Path root;

  @Test
  void anAppliedRunIsKeptWithItsPhasesChangesAndDiffAndMarkedWhenUndone() throws Exception {
    DreamFixture f = new DreamFixture(root);
    f.memory("package-manager", MemoryType.PROJECT, "The project uses npm for every script.", MAY_1);
    f.memory("package-manager-now", MemoryType.PROJECT, "The project switched to pnpm for every script.", MAY_10);
    assertThat(f.dream().history()).isEmpty();

    f.dream().run(new DreamOptions(true, true), DreamProgress.NONE);
    assertThat(f.dream().history()).as("a dry run is not history").isEmpty();

    DreamResult r = f.dream().run(new DreamOptions(true, false), DreamProgress.NONE);
    List<DreamRun> runs = f.dream().history();
    assertThat(runs).hasSize(1);
    DreamRun run = runs.get(0);
    assertThat(run.runId()).isEqualTo(r.runId().orElseThrow());
    assertThat(run.diff()).isEqualTo(r.diff()).contains("+supersededBy: package-manager-now");
    assertThat(run.changes()).isEqualTo(r.changes());
    assertThat(run.phases()).extracting(DreamRun.Phase::phase)
        .containsSubsequence(DreamPhase.ORIENT, DreamPhase.GATHER, DreamPhase.CONSOLIDATE, DreamPhase.PRUNE,
            DreamPhase.APPLY);
    assertThat(run.undoable()).isTrue();
    assertThat(run.undone()).isFalse();

    f.dream().undo();
    DreamRun after = f.dream().history().get(0);
    assertThat(after.undone()).isTrue();
    assertThat(after.undoable()).isFalse();
  }
}
