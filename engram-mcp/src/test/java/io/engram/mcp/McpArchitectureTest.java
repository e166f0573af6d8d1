package io.engram.mcp;

import io.engram.testing.CompositionRoot;
import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-mcp's main code: its packages form no cycle, and their public faces name only public types. */
class McpArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramMcpServer.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(EngramMcpServer.class);
  }

  @Test
  void enginesComeFromTheEngram() {
    CompositionRoot.assertEnginesComeFromTheEngramInModuleOf(EngramMcpServer.class);
  }
}
