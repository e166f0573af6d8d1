package io.engram.cli;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-cli's main code: its packages form no cycle. */
class CliArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramCommand.class);
  }
}
