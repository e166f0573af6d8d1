package io.engram.embeddings;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-embeddings's main code: its packages form no cycle. */
class EmbeddingsArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(OnnxBertEmbedder.class);
  }
}
