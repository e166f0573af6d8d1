package io.engram.ui;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-ui's main code: its packages form no cycle. */
class UiArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(WebUi.class);
  }
}
