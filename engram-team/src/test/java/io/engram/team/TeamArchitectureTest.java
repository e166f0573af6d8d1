package io.engram.team;

import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import org.junit.jupiter.api.Test;

/** The shape of engram-team's main code: its packages form no cycle, and their public faces name only public types. */
class TeamArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(TeamMemory.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(TeamMemory.class);
  }
}
