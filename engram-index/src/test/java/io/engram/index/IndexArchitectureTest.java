package io.engram.index;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-index's main code: its packages form no cycle. */
class IndexArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(LuceneSearchIndex.class);
  }
}
