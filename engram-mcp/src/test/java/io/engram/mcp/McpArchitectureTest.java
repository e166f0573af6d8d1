package io.engram.mcp;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-mcp's main code: its packages form no cycle. */
class McpArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramMcpServer.class);
  }
}
