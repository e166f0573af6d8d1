package io.engram.modeladapters;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-models's main code: its packages form no cycle. */
class ModelAdaptersArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(ModelFactory.class);
  }
}
