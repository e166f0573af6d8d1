package io.engram.langchain4j;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-langchain4j's main code: its packages form no cycle. */
class Langchain4jArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramContentRetriever.class);
  }
}
