package io.engram.embeddings;

import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-embeddings's main code: its packages form no cycle, and their public faces name only public types. */
class EmbeddingsArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(OnnxBertEmbedder.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(OnnxBertEmbedder.class);
  }
}
