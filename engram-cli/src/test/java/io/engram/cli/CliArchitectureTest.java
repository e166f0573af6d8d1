package io.engram.cli;

import io.engram.testing.CompositionRoot;
import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-cli's main code: its packages form no cycle, and their public faces name only public types. */
class CliArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramCommand.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(EngramCommand.class);
  }

  @Test
  void enginesComeFromTheEngram() {
    CompositionRoot.assertEnginesComeFromTheEngramInModuleOf(EngramCommand.class);
  }
}
