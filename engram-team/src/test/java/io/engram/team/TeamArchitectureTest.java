package io.engram.team;

import io.engram.testing.PackageCycles;
import org.junit.jupiter.api.Test;

/** The shape of engram-team's main code: its packages form no cycle. */
class TeamArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(TeamMemory.class);
  }
}
