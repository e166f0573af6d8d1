package io.engram.cli;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clone's {@code ./engram} script reached through symbolic links: it must find the clone, not the
 * link's directory. Runs the script in a copy of the clone's layout with a stand-in {@code java}.
 */
class RepositoryLauncherTest {
  @TempDir Path tmp;

  @Test
  void theScriptWorksThroughAChainOfRelativeAndAbsoluteLinks() throws Exception {
    Path clone = tmp.resolve("clone");
    Path script = clone.resolve("engram");
    Files.createDirectories(clone);
    Files.copy(Path.of("").toAbsolutePath().getParent().resolve("engram"), script);
    Path jar = clone.resolve("engram-cli/target/engram.jar");
    Files.createDirectories(jar.getParent());
    Files.writeString(jar, "built");
    Path fakeJava = tmp.resolve("jdk/bin/java");
    Files.createDirectories(fakeJava.getParent());
    Files.writeString(fakeJava, "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]' \"$a\"; done\necho\n");
    Files.setPosixFilePermissions(fakeJava, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));

    Path bin = Files.createDirectories(tmp.resolve("home/.local/bin"));
    Files.createSymbolicLink(bin.resolve("engram"), Path.of("../../../clone/engram"));
    Path other = Files.createDirectories(tmp.resolve("elsewhere"));
    Files.createSymbolicLink(other.resolve("e"), bin.resolve("engram"));

    String expected = "[-jar][" + jar.toRealPath() + "][config][two words]\n";
    assertThat(run(bin.resolve("engram"), fakeJava.getParent())).isEqualTo(expected);
    assertThat(run(other.resolve("e"), fakeJava.getParent())).isEqualTo(expected);
  }

  private String run(Path link, Path javaDir) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(link.toString(), "config", "two words").directory(tmp.toFile())
        .redirectErrorStream(true);
    pb.environment().put("PATH", javaDir + ":/usr/bin:/bin");
    io.engram.testing.ChildProcess.Run run = io.engram.testing.ChildProcess.run(pb, "",
        java.time.Duration.ofSeconds(20));
    assertThat(run.exit()).as(run.out()).isZero();
    return run.out();
  }
}
