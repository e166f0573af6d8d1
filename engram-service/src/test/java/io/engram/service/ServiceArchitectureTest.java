package io.engram.service;

import io.engram.testing.CompositionRoot;
import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-service's main code: its packages form no cycle, and their public faces name only public types. */
class ServiceArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramService.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(EngramService.class);
  }

  @Test
  void enginesComeFromTheEngram() {
    // The product's ports (recall over the Lucene index, the embedder) are made for the Engram's builder there.
    CompositionRoot.assertEnginesComeFromTheEngramInModuleOf(EngramService.class, "io.engram.service.wiring..");
  }
}
