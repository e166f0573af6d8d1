package io.engram.modeladapters;

import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-models's main code: its packages form no cycle, and their public faces name only public types. */
class ModelAdaptersArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(ModelFactory.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(ModelFactory.class);
  }
}
