package io.engram.cli.install;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram install} and {@code engram uninstall} in-process, with $HOME and $PATH of the test's choosing. */
class InstallCommandTest {
  @TempDir Path tmp;

  private Path user() {
    return tmp.resolve("user");
  }

  private CommandRun engram(String path, String... args) {
    return CommandRun.inEnvironment(Map.of("HOME", user().toString(), "PATH", path), args);
  }

  private Path jar(String version) throws Exception {
    return FakeEngramJar.write(tmp.resolve("build/engram-" + version + ".jar"), version, version);
  }

  @Test
  void installPutsTheJarUnderEngramsHomeAndTheLauncherInLocalBin() throws Exception {
    CommandRun run = engram("/usr/bin:/bin", "install", "--jar", jar("1.2.3").toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    Path launcher = user().resolve(".local/bin/engram");
    assertThat(run.out()).startsWith("Installed engram 1.2.3:")
        .contains("written   " + user().resolve(".engram/lib/engram-1.2.3.jar"))
        .contains("written   " + user().resolve(".engram/lib/engram.jar") + " -> engram-1.2.3.jar")
        .contains("written   " + launcher)
        .contains("skipped   " + user().resolve(".engram/lib/engram-1.2.3.jsa") + " no class archive: java exited")
        .contains("'engram uninstall' removes it again.");
    assertThat(launcher).isExecutable();
  }

  @Test
  void installWarnsWhenTheBinDirectoryIsNotOnThePathAndSaysWhatToAdd() throws Exception {
    CommandRun run = engram("/usr/bin:/bin", "install", "--jar", jar("1.2.3").toString());
    Path bin = user().resolve(".local/bin");
    assertThat(run.err()).contains(bin + " is not on your PATH").contains("export PATH=\"" + bin + ":$PATH\"");
  }

  @Test
  void installSaysNothingOnStderrWhenTheBinDirectoryIsOnThePath() throws Exception {
    CommandRun run = engram(user().resolve(".local/bin") + ":/usr/bin", "install", "--jar", jar("1.2.3").toString());
    assertThat(run.err()).isEmpty();
  }

  @Test
  void aSecondInstallSaysItIsAlreadyInstalled() throws Exception {
    Path jar = jar("1.2.3");
    engram("/bin", "install", "--jar", jar.toString());
    CommandRun again = engram("/bin", "install", "--jar", jar.toString());
    assertThat(again.exitCode()).isZero();
    assertThat(again.out()).isEqualTo("engram 1.2.3 is already installed (" + user().resolve(".local/bin/engram")
        + "); nothing changed.\n");
  }

  @Test
  void prefixPutsTheLauncherInPrefixBin() throws Exception {
    Path prefix = tmp.resolve("opt");
    CommandRun run = engram("/bin", "install", "--prefix", prefix.toString(), "--jar", jar("1.2.3").toString(), "--json");
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.get("launcher").asText()).isEqualTo(prefix.resolve("bin/engram").toString());
    assertThat(json.get("changed").asBoolean()).isTrue();
    assertThat(json.get("binOnPath").asBoolean()).isFalse();
    assertThat(json.get("steps")).hasSize(4);
    assertThat(json.at("/steps/2/action").asText()).isEqualTo("skipped");
    assertThat(json.at("/steps/2/note").asText()).as("the stand-in jar has no main class to run")
        .startsWith("no class archive: java exited with 1");
    assertThat(prefix.resolve("bin/engram")).isExecutable();
    assertThat(user().resolve(".local/bin/engram")).doesNotExist();
  }

  @Test
  void uninstallRemovesWhatInstallWroteThenFindsNothingToRemove() throws Exception {
    engram("/bin", "install", "--jar", jar("1.2.3").toString());
    CommandRun removed = engram("/bin", "uninstall");
    assertThat(removed.exitCode()).isZero();
    assertThat(removed.out()).startsWith("Uninstalled engram 1.2.3:")
        .contains("removed   " + user().resolve(".local/bin/engram"));
    assertThat(user().resolve(".local/bin/engram")).doesNotExist();
    assertThat(user().resolve(".engram/lib")).doesNotExist();
    assertThat(engram("/bin", "uninstall").out())
        .isEqualTo("Nothing to remove: no engram launcher at " + user().resolve(".local/bin/engram") + ".\n");
  }

  @Test
  void uninstallStopsTheServiceAndTakesOutTheHooksItRecordedAndTheUsers() throws Exception {
    Path project = java.nio.file.Files.createDirectories(tmp.resolve("project"));
    Path home = user().resolve(".engram");
    engram("/bin", "install", "--jar", jar("1.2.3").toString());
    assertThat(engram("/bin", "--project", project.toString(), "hooks", "install", "--command", "engram").exitCode())
        .isZero();
    assertThat(engram("/bin", "hooks", "install", "--scope", "user", "--command", "engram").exitCode()).isZero();
    assertThat(engram("/bin", "--project", project.toString(), "hooks", "install", "--agent", "cursor", "--command",
        "engram").exitCode()).isZero();
    assertThat(engram("/bin", "hooks", "install", "--agent", "gemini", "--scope", "user", "--command", "engram")
        .exitCode()).isZero();
    java.nio.file.Files.writeString(java.nio.file.Files.createDirectories(home).resolve("settings.json"),
        "{\"recall\":{\"vectors\":\"NEVER\"}}");
    io.engram.service.EngramService service = io.engram.service.EngramService.start(home, user(), Map.of(),
        "test", line -> { });
    try {
      CommandRun removed = engram("/bin", "uninstall", "--json");
      assertThat(removed.exitCode()).as(removed.err()).isZero();
      com.fasterxml.jackson.databind.JsonNode out = new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(removed.out());
      assertThat(out.get("serviceStopped").asBoolean()).isTrue();
      assertThat(out.get("hooksRemoved").toString()).contains(project.resolve(".claude/settings.json").toString(),
          user().resolve(".claude/settings.json").toString(), project.resolve(".cursor/hooks.json").toString(),
          user().resolve(".gemini/settings.json").toString());
      assertThat(project.resolve(".cursor/hooks.json")).doesNotExist();
      assertThat(user().resolve(".gemini/settings.json")).doesNotExist();
      assertThat(out.get("hooksLeft")).isEmpty();
      assertThat(io.engram.service.ServiceClient.running(home, java.time.Duration.ofSeconds(1))).isEmpty();
      assertThat(java.nio.file.Files.readString(project.resolve(".claude/settings.json"))).doesNotContain("engram");
      assertThat(java.nio.file.Files.readString(user().resolve(".claude/settings.json"))).doesNotContain("engram");
    } finally {
      service.close();
    }
  }

  @Test
  void installingAnotherVersionStopsTheServiceStillRunningTheOldOneAndReinstallingTheSameLeavesIt() throws Exception {
    Path home = user().resolve(".engram");
    Path old = jar("1.2.3");
    engram("/bin", "install", "--jar", old.toString());
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
    io.engram.service.EngramService service = io.engram.service.EngramService.start(home, user(), Map.of(),
        "1.2.3", line -> { });
    try {
      CommandRun same = engram("/bin", "install", "--jar", old.toString(), "--json");
      assertThat(new ObjectMapper().readTree(same.out()).has("serviceStopped")).isFalse();
      assertThat(io.engram.service.ServiceClient.running(home, java.time.Duration.ofSeconds(2))).isPresent();

      CommandRun upgrade = engram("/bin", "install", "--jar", jar("1.2.4").toString());

      assertThat(upgrade.exitCode()).as(upgrade.err()).isZero();
      assertThat(upgrade.out()).contains("stopped   the resident service (engram 1.2.3); the next hook or MCP call"
          + " starts 1.2.4");
      assertThat(io.engram.service.ServiceClient.running(home, java.time.Duration.ofSeconds(1))).isEmpty();
    } finally {
      service.close();
    }
  }

  @Test
  void uninstallRefusesALauncherItDidNotWrite() throws Exception {
    Path launcher = user().resolve(".local/bin/engram");
    Files.createDirectories(launcher.getParent());
    Files.writeString(launcher, "#!/bin/sh\necho mine\n");
    CommandRun run = engram("/bin", "uninstall");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("'engram install' did not write; left alone");
    assertThat(launcher).exists();
  }

  @Test
  void installOutsideAJarWithoutJarSaysHowToInstall() {
    CommandRun run = engram("/bin", "install");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("does not run from a jar").contains("./engram install");
  }
}
