package io.engram.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EngramRootsTest {
  private final Path user = Path.of("/home/ada");

  @Test
  void explicitHomeWinsOverEnvironment() {
    EngramRoots roots =
        EngramRoots.resolve(
            Optional.of(Path.of("/tmp/h")), Optional.empty(), Map.of("ENGRAM_HOME", "/env"), user);
    assertThat(roots.engramHome()).isEqualTo(Path.of("/tmp/h"));
  }

  @Test
  void environmentWinsOverDefault() {
    EngramRoots roots =
        EngramRoots.resolve(Optional.empty(), Optional.empty(), Map.of("ENGRAM_HOME", "/env"), user);
    assertThat(roots.engramHome()).isEqualTo(Path.of("/env"));
  }

  @Test
  void defaultHomeIsDotEngramUnderUserHome() {
    EngramRoots roots = EngramRoots.resolve(Optional.empty(), Optional.empty(), Map.of(), user);
    assertThat(roots.engramHome()).isEqualTo(Path.of("/home/ada/.engram"));
  }

  @Test
  void tildeExpandsAgainstUserHome() {
    EngramRoots roots = new EngramRoots(Path.of("/e"), user, Path.of("/p"));
    assertThat(roots.expand("~/.claude")).isEqualTo(Path.of("/home/ada/.claude"));
    assertThat(roots.expand("~")).isEqualTo(user);
    assertThat(roots.expand("/etc/x")).isEqualTo(Path.of("/etc/x"));
  }

  @Test
  void userHomeFollowsTheHomeVariable() {
    assertThat(EngramRoots.userHome(Map.of("HOME", "/tmp/x"), user)).isEqualTo(Path.of("/tmp/x"));
    EngramRoots roots = EngramRoots.resolve(Optional.empty(), Optional.empty(), Map.of(),
        EngramRoots.userHome(Map.of("HOME", "/tmp/x"), user));
    assertThat(roots.engramHome()).isEqualTo(Path.of("/tmp/x/.engram"));
  }

  @Test
  void userHomeFallsBackToJavasWhenHomeIsUnsetOrBlank() {
    assertThat(EngramRoots.userHome(Map.of(), user)).isEqualTo(user);
    assertThat(EngramRoots.userHome(Map.of("HOME", " "), user)).isEqualTo(user);
  }
}
