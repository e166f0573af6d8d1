package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import io.engram.cli.install.FakeEngramJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram hooks install}: portable commands in committed settings, machine paths only in personal ones. */
class HooksInstallTest {
  @TempDir Path tmp;

  private Path user() {
    return tmp.resolve("user");
  }

  private Path project() throws Exception {
    return Files.createDirectories(tmp.resolve("project"));
  }

  private CommandRun engram(String path, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("--home", tmp.resolve("home").toString(), "--project", project().toString()));
    all.addAll(List.of(args));
    return CommandRun.inEnvironment(Map.of("HOME", user().toString(), "PATH", path), all.toArray(String[]::new));
  }

  private List<String> commands(Path settings) throws Exception {
    List<String> commands = new ArrayList<>();
    for (JsonNode event : new ObjectMapper().readTree(settings.toFile()).get("hooks")) {
      for (JsonNode group : event) {
        group.get("hooks").forEach(h -> commands.add(h.get("command").asText()));
      }
    }
    // Each command first exits 0 in silence when its program is gone; what it then runs is what is compared.
    assertThat(commands).allMatch(c -> c.contains(" || exit 0; "));
    return commands.stream().map(c -> c.substring(c.indexOf(" || exit 0; ") + " || exit 0; ".length())).toList();
  }

  private Path installedLauncherDir() throws Exception {
    CommandRun installed = CommandRun.inEnvironment(Map.of("HOME", user().toString(), "PATH", "/bin"),
        "--home", tmp.resolve("home").toString(), "install",
        "--jar", FakeEngramJar.write(tmp.resolve("engram.jar"), "1.2.3", "x").toString());
    assertThat(installed.exitCode()).as(installed.err()).isZero();
    return user().resolve(".local/bin");
  }

  @Test
  void theProjectFileGetsThePortableCommand() throws Exception {
    Path bin = installedLauncherDir();
    CommandRun run = engram(bin + ":/bin", "hooks", "install");
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(commands(project().resolve(".claude/settings.json")))
        .hasSize(6).allMatch(c -> c.matches("engram hook \\w+"));
    assertThat(run.out()).contains("Hooks run: engram hook EVENT");
  }

  @Test
  void installingInTheLocalFileWarnsThatTheProjectFileAlreadyRunsEngramsHooks() throws Exception {
    Path bin = installedLauncherDir();
    assertThat(engram(bin + ":/bin", "hooks", "install").err()).isEmpty();

    CommandRun local = engram(bin + ":/bin", "hooks", "install", "--scope", "local");

    assertThat(local.exitCode()).isZero();
    assertThat(local.err()).contains(project().resolve(".claude/settings.json") + " already runs Engram's hooks")
        .contains("each event would run Engram twice").contains("engram hooks uninstall --scope project");
    assertThat(engram(bin + ":/bin", "hooks", "uninstall", "--scope", "project").exitCode()).isZero();
    assertThat(engram(bin + ":/bin", "hooks", "install", "--scope", "local").err())
        .doesNotContain("already runs Engram's hooks");
  }

  @Test
  void theProjectFileSaysWhenEngramIsNotOnThePath() throws Exception {
    CommandRun run = engram("/nonexistent", "hooks", "install");
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).contains("'engram' is not on this PATH").contains("./engram install");
    assertThat(commands(project().resolve(".claude/settings.json"))).allMatch(c -> c.startsWith("engram hook "));
  }

  @Test
  void personalFilesGetThisMachinesLauncherAndSaySo() throws Exception {
    Path bin = installedLauncherDir();
    CommandRun run = engram("/nonexistent", "hooks", "install", "--scope", "user");
    assertThat(run.exitCode()).isZero();
    Path settings = user().resolve(".claude/settings.json");
    assertThat(commands(settings)).allMatch(c -> c.startsWith("'" + bin.resolve("engram") + "' hook "));
    assertThat(run.out()).contains("personal settings").contains(bin.resolve("engram").toString());
  }

  @Test
  void theUserScopeFollowsHome() throws Exception {
    engram("/bin", "hooks", "install", "--scope", "user", "--command", "engram");
    assertThat(user().resolve(".claude/settings.json")).exists();
  }

  @Test
  void theLocalScopeListsItsFileInGitignoreOnce() throws Exception {
    Files.createDirectories(project().resolve(".git"));
    Files.writeString(project().resolve(".gitignore"), "target/\n");
    engram("/bin", "hooks", "install", "--scope", "local", "--command", "engram");
    CommandRun again = engram("/bin", "hooks", "install", "--scope", "local", "--command", "engram");
    assertThat(again.exitCode()).isZero();
    assertThat(Files.readString(project().resolve(".gitignore"))).isEqualTo("target/\n/.claude/settings.local.json\n");
  }

  @Test
  void theLocalScopeCreatesAGitignoreWhenThereIsNone() throws Exception {
    CommandRun run = engram("/bin", "hooks", "install", "--scope", "local", "--command", "engram");
    assertThat(Files.readString(project().resolve(".gitignore"))).isEqualTo("/.claude/settings.local.json\n");
    assertThat(run.out()).contains("Listed .claude/settings.local.json in " + project().resolve(".gitignore"));
  }

  @Test
  void theCommandOptionOverridesForAnyScope() throws Exception {
    engram("/bin", "hooks", "install", "--command", "/opt/engram/bin/engram");
    assertThat(commands(project().resolve(".claude/settings.json")))
        .allMatch(c -> c.startsWith("/opt/engram/bin/engram hook "));
  }

  @Test
  void anOldAbsoluteEntryIsReplacedByThePortableOne() throws Exception {
    engram("/bin", "hooks", "install", "--command", "java -jar '/old/clone/engram-cli/target/engram.jar'");
    CommandRun run = engram("/bin", "hooks", "install");
    assertThat(run.out()).contains("Engram's hooks refreshed");
    assertThat(commands(project().resolve(".claude/settings.json"))).hasSize(6).allMatch(c -> c.startsWith("engram hook "));
  }

  @Test
  void theSettingsFileKeepsItsModeAndNoLockIsLeftInDotClaude() throws Exception {
    Path settings = project().resolve(".claude/settings.json");
    Files.createDirectories(settings.getParent());
    Files.writeString(settings, "{}");
    Files.setPosixFilePermissions(settings, PosixFilePermissions.fromString("rw-rw-r--"));
    engram("/bin", "hooks", "install");
    engram("/bin", "hooks", "uninstall");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(settings))).isEqualTo("rw-rw-r--");
    try (Stream<Path> files = Files.list(settings.getParent())) {
      assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("settings.json");
    }
  }

  @Test
  void eachAgentIsSetUpInItsOwnFilesWithAgentSpelledEitherWayAndTakenOutAgain() throws Exception {
    CommandRun codex = engram("/bin", "hooks", "install", "--agent=codex", "--json");
    CommandRun gemini = engram("/bin", "hooks", "install", "--agent", "gemini", "--scope", "user");

    assertThat(codex.exitCode()).as(codex.err()).isZero();
    JsonNode json = new ObjectMapper().readTree(codex.out());
    assertThat(json.get("agent").asText()).isEqualTo("codex");
    assertThat(json.get("files")).extracting(f -> f.get("file").asText()).containsExactly(
        project().resolve(".codex/hooks.json").toString(), project().resolve(".codex/config.toml").toString());
    assertThat(json.get("notes").toString()).contains("trust");
    assertThat(commands(project().resolve(".codex/hooks.json")))
        .containsExactly("engram hook --agent codex SessionStart", "engram hook --agent codex UserPromptSubmit",
            "engram hook --agent codex PreCompact", "engram hook --agent codex Stop");
    assertThat(Files.readString(project().resolve(".codex/config.toml"))).contains("[mcp_servers.engram]");
    assertThat(gemini.exitCode()).as(gemini.err()).isZero();
    assertThat(commands(user().resolve(".gemini/settings.json"))).anyMatch(c -> c.endsWith("--agent gemini BeforeAgent"));

    CommandRun removed = engram("/bin", "hooks", "uninstall", "--agent", "codex");
    assertThat(removed.exitCode()).as(removed.err()).isZero();
    assertThat(project().resolve(".codex/hooks.json")).doesNotExist();
    assertThat(project().resolve(".codex/config.toml")).doesNotExist();
  }

  @Test
  void anAgentEngramDoesNotKnowIsAUsageErrorAndAScopeTheAgentLacksIsRefusedByName() throws Exception {
    CommandRun unknown = engram("/bin", "hooks", "install", "--agent", "copilot");
    CommandRun local = engram("/bin", "hooks", "install", "--agent", "cursor", "--scope", "local");

    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err()).contains("--agent copilot").contains("claude, codex, gemini, opencode, cursor");
    assertThat(local.exitCode()).isEqualTo(1);
    assertThat(local.err()).contains("Cursor has no personal project settings");
    assertThat(project().resolve(".cursor")).doesNotExist();
  }
}
