package io.engram.springai;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-spring-ai's main code: its packages form no cycle. */
class SpringAiArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramAutoConfiguration.class);
  }
}
