package io.engram.cli.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.cli.global.UserFacingException;
import io.engram.cli.install.Installer.Action;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstallerTest {
  @TempDir Path tmp;
  private final Path java = Path.of("/opt/java/bin/java");

  private Path home() {
    return tmp.resolve("home");
  }

  private Path bin() {
    return tmp.resolve("user/.local/bin");
  }

  @Test
  void installWritesTheVersionedJarItsStableLinkTheLauncherAndTheRecord() throws Exception {
    Path jar = FakeEngramJar.write(tmp.resolve("build/engram.jar"), "1.2.3", "one");
    Installer.Outcome outcome = new Installer(home()).install(jar, bin(), java);

    Path versioned = home().resolve("lib/engram-1.2.3.jar");
    Path stable = home().resolve("lib/engram.jar");
    assertThat(outcome.version()).isEqualTo("1.2.3");
    assertThat(outcome.steps()).extracting(Installer.Step::path, Installer.Step::action).containsExactly(
        org.assertj.core.groups.Tuple.tuple(versioned, Action.WRITTEN),
        org.assertj.core.groups.Tuple.tuple(stable, Action.WRITTEN),
        org.assertj.core.groups.Tuple.tuple(home().resolve("lib/engram-1.2.3.jsa"), Action.SKIPPED),
        org.assertj.core.groups.Tuple.tuple(bin().resolve("engram"), Action.WRITTEN));
    assertThat(outcome.steps().get(2).note()).as("no java at " + java).contains("cannot run " + java);
    assertThat(Files.mismatch(jar, versioned)).isEqualTo(-1L);
    assertThat(Files.readSymbolicLink(stable)).isEqualTo(Path.of("engram-1.2.3.jar"));
    Path launcher = bin().resolve("engram");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(launcher))).isEqualTo("rwxr-xr-x");
    assertThat(Files.readString(launcher)).startsWith("#!" + LauncherScript.defaultShell() + "\n" + LauncherScript.MARK)
        .contains("jar='" + stable + "'", "java='/opt/java/bin/java'");
    assertThat(new Installer(home()).installedLaunchers()).containsExactly(launcher);
  }

  @Test
  void aSecondInstallChangesNothing() throws Exception {
    Path jar = FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "one");
    new Installer(home()).install(jar, bin(), java);
    long modified = Files.getLastModifiedTime(home().resolve("lib/engram-1.2.3.jar")).toMillis();
    Installer.Outcome again = new Installer(home()).install(jar, bin(), java);
    assertThat(again.changed()).isFalse();
    assertThat(again.steps()).extracting(Installer.Step::action)
        .containsExactly(Action.UNCHANGED, Action.UNCHANGED, Action.SKIPPED, Action.UNCHANGED);
    assertThat(Files.getLastModifiedTime(home().resolve("lib/engram-1.2.3.jar")).toMillis()).isEqualTo(modified);
  }

  @Test
  void installingFromTheInstalledJarChangesNothing() throws Exception {
    new Installer(home()).install(FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "one"), bin(), java);
    Installer.Outcome again = new Installer(home()).install(home().resolve("lib/engram.jar"), bin(), java);
    assertThat(again.changed()).isFalse();
  }

  @Test
  void aDifferentJarOfTheSameVersionReplacesTheInstalledOne() throws Exception {
    new Installer(home()).install(FakeEngramJar.write(tmp.resolve("a.jar"), "1.2.3", "one"), bin(), java);
    Path rebuilt = FakeEngramJar.write(tmp.resolve("b.jar"), "1.2.3", "two");
    Installer.Outcome outcome = new Installer(home()).install(rebuilt, bin(), java);
    assertThat(outcome.steps().get(0).action()).isEqualTo(Action.REPLACED);
    assertThat(Files.mismatch(rebuilt, home().resolve("lib/engram.jar"))).isEqualTo(-1L);
    assertThat(outcome.steps()).extracting(Installer.Step::action)
        .containsExactly(Action.REPLACED, Action.UNCHANGED, Action.SKIPPED, Action.UNCHANGED);
  }

  @Test
  void aNewVersionReplacesTheOldOneAndRemovesItsJar() throws Exception {
    new Installer(home()).install(FakeEngramJar.write(tmp.resolve("a.jar"), "1.2.3", "one"), bin(), java);
    Files.writeString(home().resolve("lib/engram-1.2.3.jsa"), "the class archive of 1.2.3");
    Installer.Outcome outcome =
        new Installer(home()).install(FakeEngramJar.write(tmp.resolve("b.jar"), "1.3.0", "two"), bin(), java);
    assertThat(Files.readSymbolicLink(home().resolve("lib/engram.jar"))).isEqualTo(Path.of("engram-1.3.0.jar"));
    assertThat(home().resolve("lib/engram-1.2.3.jar")).doesNotExist();
    assertThat(outcome.steps()).extracting(Installer.Step::action)
        .containsExactly(Action.WRITTEN, Action.REPLACED, Action.REMOVED, Action.REMOVED, Action.SKIPPED,
            Action.REPLACED);
    assertThat(files(home().resolve("lib"))).containsExactlyInAnyOrder("engram-1.3.0.jar", "engram.jar", "install.json");
  }

  @Test
  void aLauncherInstallDidNotWriteIsNeverOverwritten() throws Exception {
    Files.createDirectories(bin());
    Files.writeString(bin().resolve("engram"), "#!/bin/sh\necho someone else's engram\n");
    Path jar = FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "one");
    assertThatThrownBy(() -> new Installer(home()).install(jar, bin(), java))
        .isInstanceOf(UserFacingException.class)
        .hasMessageContaining(bin().resolve("engram") + " is a file that 'engram install' did not write");
    assertThat(Files.readString(bin().resolve("engram"))).contains("someone else's");
    assertThat(home().resolve("lib")).doesNotExist();
  }

  @Test
  void aLinkToTheClonesScriptIsNotOursEither() throws Exception {
    Files.createDirectories(bin());
    Files.createSymbolicLink(bin().resolve("engram"), tmp.resolve("clone/engram"));
    Path jar = FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "one");
    assertThatThrownBy(() -> new Installer(home()).install(jar, bin(), java))
        .hasMessageContaining("is a link to " + tmp.resolve("clone/engram"));
    assertThatThrownBy(() -> new Installer(home()).uninstall(bin())).hasMessageContaining("left alone");
    assertThat(Files.isSymbolicLink(bin().resolve("engram"))).isTrue();
  }

  @Test
  void aFileThatIsNotAnEngramJarIsRefused() throws Exception {
    Path other = FakeEngramJar.write(tmp.resolve("other.jar"), "org.example.Main", "1.0", "x");
    assertThatThrownBy(() -> new Installer(home()).install(other, bin(), java))
        .hasMessageContaining("is not an Engram jar (its main class is org.example.Main)");
    Path text = Files.writeString(tmp.resolve("notes.jar"), "not a zip");
    assertThatThrownBy(() -> new Installer(home()).install(text, bin(), java)).isInstanceOf(UserFacingException.class);
    Path odd = FakeEngramJar.write(tmp.resolve("odd.jar"), "../1", "x");
    assertThatThrownBy(() -> new Installer(home()).install(odd, bin(), java)).hasMessageContaining("no usable version");
    assertThat(home().resolve("lib")).doesNotExist();
  }

  @Test
  void uninstallRemovesExactlyWhatInstallWrote() throws Exception {
    Files.createDirectories(bin());
    Files.writeString(bin().resolve("other-tool"), "keep");
    Files.createDirectories(home().resolve("projects"));
    new Installer(home()).install(FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "one"), bin(), java);
    Files.writeString(home().resolve("lib/engram-1.2.3.jsa"), "a class archive");
    Installer.Outcome removed = new Installer(home()).uninstall(bin());
    assertThat(removed.steps()).extracting(Installer.Step::action).containsOnly(Action.REMOVED);
    assertThat(removed.steps()).extracting(Installer.Step::path).contains(bin().resolve("engram"),
        home().resolve("lib/engram.jar"), home().resolve("lib/engram-1.2.3.jar"), home().resolve("lib/engram-1.2.3.jsa"),
        home().resolve("lib/install.json"));
    assertThat(files(bin())).containsExactly("other-tool");
    assertThat(home().resolve("lib")).doesNotExist();
    assertThat(home().resolve("projects")).isDirectory();
    assertThat(new Installer(home()).uninstall(bin()).changed()).isFalse();
  }

  @Test
  void uninstallKeepsTheJarWhileAnotherPrefixStillUsesIt() throws Exception {
    Path jar = FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "one");
    Path other = tmp.resolve("opt/bin");
    new Installer(home()).install(jar, bin(), java);
    new Installer(home()).install(jar, other, java);
    Installer.Outcome first = new Installer(home()).uninstall(bin());
    assertThat(first.otherLaunchers()).containsExactly(other.resolve("engram"));
    assertThat(home().resolve("lib/engram.jar")).exists();
    assertThat(new Installer(home()).installedLaunchers()).containsExactly(other.resolve("engram"));
    new Installer(home()).uninstall(other);
    assertThat(home().resolve("lib")).doesNotExist();
  }

  @Test
  void uninstallNeverRemovesFilesOutsideLibThatARecordNames() throws Exception {
    Path precious = Files.writeString(tmp.resolve("precious.jar"), "keep");
    Files.createDirectories(home().resolve("lib"));
    new InstallRecord("1", precious, precious, List.of()).write(home().resolve("lib/install.json"));
    new Installer(home()).uninstall(bin());
    assertThat(precious).exists();
  }

  private static List<String> files(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).toList();
    }
  }
}
