package io.engram.langchain4j;

import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-langchain4j's main code: its packages form no cycle, and their public faces name only public types. */
class Langchain4jArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramContentRetriever.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(EngramContentRetriever.class);
  }
}
