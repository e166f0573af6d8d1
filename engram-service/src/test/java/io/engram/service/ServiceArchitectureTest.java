package io.engram.service;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-service's main code: its packages form no cycle. */
class ServiceArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramService.class);
  }
}
