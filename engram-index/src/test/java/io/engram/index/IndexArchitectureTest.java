package io.engram.index;

import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-index's main code: its packages form no cycle, and their public faces name only public types. */
class IndexArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(LuceneSearchIndex.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(LuceneSearchIndex.class);
  }
}
