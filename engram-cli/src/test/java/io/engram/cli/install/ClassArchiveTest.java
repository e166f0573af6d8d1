package io.engram.cli.install;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.install.Installer.Action;
import io.engram.cli.install.Installer.Step;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The class archive written with this machine's java, for a small jar that runs and for ones that cannot. */
class ClassArchiveTest {
  private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

  @TempDir Path tmp;

  @Test
  void theArchiveWrittenForAJarIsOneAJvmStartsWith() throws Exception {
    Path lib = Files.createDirectories(tmp.resolve("lib"));
    Path jar = probeJar(lib.resolve("engram-1.0.jar"));
    Path archive = ClassArchive.beside(jar);

    Step step = new ClassArchive(JAVA, Duration.ofMinutes(1)).write(jar, archive, true);

    assertThat(step.action()).as(step.note()).isEqualTo(Action.WRITTEN);
    assertThat(archive).isRegularFile();
    assertThat(names(lib)).containsExactlyInAnyOrder("engram-1.0.jar", "engram-1.0.jsa");
    ChildProcess.Run run = ChildProcess.run(new ProcessBuilder(JAVA.toString(), "-XX:SharedArchiveFile="
        + archive, "-Xshare:on", "-jar", jar.toString()).redirectErrorStream(true), "", Duration.ofMinutes(1));
    String out = run.out();
    assertThat(run.exit()).as(out).isZero();
    assertThat(out).isEqualTo("loaded some classes\n");
  }

  @Test
  void anArchiveOfAJarThatDidNotChangeIsKept() throws Exception {
    Path lib = Files.createDirectories(tmp.resolve("lib"));
    Path jar = probeJar(lib.resolve("engram-1.0.jar"));
    Path archive = Files.writeString(ClassArchive.beside(jar), "written before");

    Step step = new ClassArchive(JAVA, Duration.ofMinutes(1)).write(jar, archive, false);

    assertThat(step.action()).isEqualTo(Action.UNCHANGED);
    assertThat(Files.readString(archive)).isEqualTo("written before");
  }

  @Test
  void aJarThatDoesNotRunGetsNoArchiveAndTheStepSaysWhy() throws Exception {
    Path lib = Files.createDirectories(tmp.resolve("lib"));
    Path jar = FakeEngramJar.write(lib.resolve("engram-1.0.jar"), "1.0", "no classes in it");
    Path archive = Files.writeString(ClassArchive.beside(jar), "of the jar before");

    Step step = new ClassArchive(JAVA, Duration.ofMinutes(1)).write(jar, archive, true);

    assertThat(step.action()).isEqualTo(Action.SKIPPED);
    assertThat(step.note()).startsWith("no class archive: java exited with 1");
    assertThat(names(lib)).as("the stale archive and the scratch directory are gone").containsExactly("engram-1.0.jar");
  }

  @Test
  void aJavaThatCannotBeStartedGetsNoArchive() throws Exception {
    Path lib = Files.createDirectories(tmp.resolve("lib"));
    Path jar = probeJar(lib.resolve("engram-1.0.jar"));

    Step step = new ClassArchive(tmp.resolve("no/java"), Duration.ofMinutes(1)).write(jar, ClassArchive.beside(jar), true);

    assertThat(step.action()).isEqualTo(Action.SKIPPED);
    assertThat(step.note()).contains("cannot run " + tmp.resolve("no/java"));
    assertThat(names(lib)).containsExactly("engram-1.0.jar");
  }

  @Test
  void aPathTheLauncherCannotPassToJavaGetsNoArchive() throws Exception {
    Path lib = Files.createDirectories(tmp.resolve("my lib"));
    Path jar = probeJar(lib.resolve("engram-1.0.jar"));

    Step step = new ClassArchive(JAVA, Duration.ofMinutes(1)).write(jar, ClassArchive.beside(jar), true);

    assertThat(step.action()).isEqualTo(Action.SKIPPED);
    assertThat(names(lib)).containsExactly("engram-1.0.jar");
  }

  @Test
  void theArchiveIsNamedAfterTheJar() {
    assertThat(ClassArchive.beside(Path.of("/h/lib/engram-1.2.3.jar"))).isEqualTo(Path.of("/h/lib/engram-1.2.3.jsa"));
    assertThat(ClassArchive.nameable(Path.of("/home/a.b/.engram/lib/engram-1.0.jsa"))).isTrue();
    assertThat(ClassArchive.nameable(Path.of("/home/a b/lib/engram-1.0.jsa"))).isFalse();
    assertThat(ClassArchive.nameable(Path.of("/home/it's/lib/engram-1.0.jsa"))).isFalse();
    assertThat(ClassArchive.nameable(Path.of("/home/*/lib/engram-1.0.jsa"))).isFalse();
  }

  /** A runnable jar holding {@link ArchiveProbeMain}, the only class of it. */
  private static Path probeJar(Path file) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, ArchiveProbeMain.class.getName());
    String entry = ArchiveProbeMain.class.getName().replace('.', '/') + ".class";
    try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest);
        InputStream in = ArchiveProbeMain.class.getClassLoader().getResourceAsStream(entry)) {
      jar.putNextEntry(new JarEntry(entry));
      in.transferTo(jar);
      jar.closeEntry();
    }
    return file;
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
