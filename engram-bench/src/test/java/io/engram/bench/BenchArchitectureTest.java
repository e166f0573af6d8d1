package io.engram.bench;

import io.engram.bench.cli.BenchCommand;
import io.engram.testing.CompositionRoot;
import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-bench's main code: its packages form no cycle, and their public faces name only public types. */
class BenchArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(BenchCommand.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(BenchCommand.class);
  }

  @Test
  void enginesComeFromTheEngram() {
    // Two benchmarks time one engine alone (instruction parsing without token counts, compaction without
    // instruction files), and the comparison with Claude Code's summaries compacts without instruction files too;
    // every other bench asks the Engram.
    CompositionRoot.assertEnginesComeFromTheEngramInModuleOf(BenchCommand.class,
        "io.engram.bench.cli.InstructionsBench", "io.engram.bench.cli.CompactionSpeedBench",
        "io.engram.compaction.ClaudeCodeComparison");
  }
}
