package io.engram.http;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-http's main code: its packages form no cycle. */
class HttpArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramHttpServer.class);
  }
}
