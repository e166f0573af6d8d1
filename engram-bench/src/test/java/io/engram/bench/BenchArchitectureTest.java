package io.engram.bench;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-bench's main code: its packages form no cycle. */
class BenchArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(io.engram.bench.cli.BenchCommand.class);
  }
}
