package io.engram.springai;

import io.engram.testing.CompositionRoot;
import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-spring-ai's main code: its packages form no cycle, and their public faces name only public types. */
class SpringAiArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramAutoConfiguration.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(EngramAutoConfiguration.class);
  }

  @Test
  void enginesComeFromTheEngram() {
    CompositionRoot.assertEnginesComeFromTheEngramInModuleOf(EngramAutoConfiguration.class);
  }
}
