package io.engram.ui;

import io.engram.testing.CompositionRoot;
import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-ui's main code: its packages form no cycle, and their public faces name only public types. */
class UiArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(WebUi.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(WebUi.class);
  }

  @Test
  void enginesComeFromTheEngram() {
    CompositionRoot.assertEnginesComeFromTheEngramInModuleOf(WebUi.class);
  }
}
