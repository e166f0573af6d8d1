package io.engram.cli.install;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The installed launcher run by a real shell, with a stand-in {@code java} that prints its arguments. */
class LauncherScriptTest {
  @TempDir Path tmp;

  @Test
  void theLauncherRunsTheStableJarWithJavaFromThePathAndPassesArgumentsIntact() throws Exception {
    Path fakeJava = fakeJava(tmp.resolve("jdk/bin"));
    Path bin = tmp.resolve("it's here/bin");
    new Installer(tmp.resolve("home")).install(
        FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "x"), bin, Path.of("/nowhere/java"));
    String out = run(bin.resolve("engram"), fakeJava.getParent().toString(), "hello", "two words", "it's");
    assertThat(out).isEqualTo("[-jar][" + tmp.resolve("home/lib/engram.jar") + "][hello][two words][it's]\n");
  }

  @Test
  void withoutJavaOnThePathTheLauncherUsesTheJavaThatInstalledIt() throws Exception {
    Path fakeJava = fakeJava(tmp.resolve("jdk/bin"));
    Path bin = tmp.resolve("bin");
    new Installer(tmp.resolve("home")).install(FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "x"), bin, fakeJava);
    assertThat(run(bin.resolve("engram"), tmp.resolve("empty").toString(), "--version"))
        .isEqualTo("[-jar][" + tmp.resolve("home/lib/engram.jar") + "][--version]\n");
  }

  @Test
  void theLauncherStartsJavaWithTheClassArchiveWhileItIsThere() throws Exception {
    Path fakeJava = fakeJava(tmp.resolve("jdk/bin"));
    Path bin = tmp.resolve("bin");
    new Installer(tmp.resolve("home")).install(FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "x"), bin, fakeJava);
    Path archive = tmp.resolve("home/lib/engram-1.2.3.jsa");
    assertThat(archive).as("the stand-in java writes no archive").doesNotExist();
    Files.writeString(archive, "an archive");

    assertThat(run(bin.resolve("engram"), fakeJava.getParent().toString(), "list"))
        .isEqualTo("[-XX:SharedArchiveFile=" + archive + "][-Xlog:cds=off][-Xlog:cds+dynamic=off][-jar]["
            + tmp.resolve("home/lib/engram.jar") + "][list]\n");
    Files.delete(archive);
    assertThat(run(bin.resolve("engram"), fakeJava.getParent().toString(), "list"))
        .isEqualTo("[-jar][" + tmp.resolve("home/lib/engram.jar") + "][list]\n");
  }

  static Path fakeJava(Path dir) throws Exception {
    Files.createDirectories(dir);
    Path java = dir.resolve("java");
    Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]' \"$a\"; done\necho\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    return java;
  }

  static String run(Path script, String path, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("/bin/sh", script.toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("PATH", path);
    ChildProcess.Run run = ChildProcess.run(pb, "", java.time.Duration.ofSeconds(20));
    assertThat(run.exit()).as(run.out()).isZero();
    return run.out();
  }
}
