package io.engram.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngramCommandTest {

  @Test
  void helpListsSubcommandsAndExitsZero() {
    CommandRun run = CommandRun.of("--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Usage: engram").contains("config").contains("Exit codes");
  }

  @Test
  void unknownOptionIsAUsageErrorWithCodeTwo() {
    CommandRun run = CommandRun.of("--no-such-option");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--no-such-option");
  }

  @Test
  void anUnknownCommandIsAUsageErrorWithCodeTwoEvenWithHelpAfterIt() {
    for (String[] args : new String[][] {{"no-such-command"}, {"no-such-command", "--help"},
        {"no-such-command", "-h"}, {"--help", "no-such-command"}, {"bench", "locomo", "--help"}}) {
      CommandRun run = CommandRun.of(args);
      assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(run.err()).as(String.join(" ", args)).contains("Unmatched argument").contains(args[0].startsWith("-")
          ? args[1] : args[0]);
      assertThat(run.out()).as(String.join(" ", args)).isEmpty();
    }
  }

  @Test
  void aKnownCommandsHelpStillExitsZero() {
    CommandRun run = CommandRun.of("recall", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Usage: engram recall");
  }

  @Test
  void theMainClassNamedBelowTheRootIsTheRoot() {
    assertThat(io.engram.cli.global.RunningJar.MAIN_CLASS).isEqualTo(EngramCommand.class.getName());
  }

  @Test
  void globalOptionsWorkBeforeAndAfterTheSubcommand(@TempDir Path home) {
    CommandRun before = CommandRun.of("--home", home.toString(), "config");
    CommandRun after = CommandRun.of("config", "--home", home.toString());
    assertThat(before.out()).contains("home:     " + home);
    assertThat(after.out()).contains("home:     " + home);
  }

  @Test
  void brokenSettingsFileIsAnErrorWithCodeOne(@TempDir Path home) throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\": {\"nope\": 1}}");
    CommandRun run = CommandRun.of("--home", home.toString(), "config");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("settings.json").contains("nope");
  }

  @Test
  void configSettingsListsEverySettingWithItsValueDefaultAndHelpFromItsDeclaration(@TempDir Path home)
      throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\": {\"filesPerTurn\": 7}}");
    CommandRun run = CommandRun.of("--home", home.toString(), "config", "--settings", "--json");
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode all = JsonOutput.mapper().readTree(run.out());
    assertThat(all.size()).isEqualTo(io.engram.config.EngramSettings.described().size());
    JsonNode files = null;
    for (JsonNode s : all) {
      if (s.get("key").asText().equals("recall.filesPerTurn")) {
        files = s;
      }
    }
    assertThat(files).isNotNull();
    assertThat(files.get("value").asInt()).isEqualTo(7);
    assertThat(files.get("byDefault").asInt()).isEqualTo(5);
    assertThat(files.get("takes").asText()).isEqualTo("a whole number, at least 1");
    assertThat(files.get("help").asText()).isEqualTo("Most memories recalled a turn");
    CommandRun text = CommandRun.of("--home", home.toString(), "config", "--settings");
    assertThat(text.out()).contains("recall.filesPerTurn = 7 (default 5)", "recall.bytesPerFile = 4096\n");
  }

  @Test
  void configJsonShowsWhereTheFilesAreAndTheEffectiveSettings(@TempDir Path home, @TempDir Path project)
      throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\": {\"filesPerTurn\": 7}}");
    CommandRun run = CommandRun.of("--home", home.toString(), "--project", project.toString(), "config", "--json");
    assertThat(run.exitCode()).isZero();
    JsonNode config = JsonOutput.mapper().readTree(run.out());
    assertThat(config.get("settings").get("recall").get("filesPerTurn").asInt()).isEqualTo(7);
    assertThat(config.get("home").asText()).isEqualTo(home.toString());
    assertThat(config.get("settingsFile").asText()).isEqualTo(home.resolve("settings.json").toString());
    assertThat(config.get("project").asText()).isEqualTo(project.toString());
    assertThat(config.get("projectMemory").asText()).startsWith(home.toString()).endsWith("memory");
    assertThat(config.get("userMemory").asText()).startsWith(home.toString()).endsWith("memory");
    CommandRun text = CommandRun.of("--home", home.toString(), "--project", project.toString(), "config");
    assertThat(text.out()).contains("memory:   " + config.get("projectMemory").asText())
        .contains(config.get("userMemory").asText());
  }

  @Test
  void inJsonModeAnErrorIsJsonOnStandardOutputWithItsExitCode(@TempDir Path home) throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\": {\"nope\": 1}}");
    CommandRun failed = CommandRun.of("--home", home.toString(), "config", "--json");
    CommandRun usage = CommandRun.of("--home", home.toString(), "list", "--type", "diary", "--json");

    assertThat(failed.exitCode()).isEqualTo(1);
    JsonNode error = JsonOutput.mapper().readTree(failed.out());
    assertThat(error.get("error").asText()).contains("settings.json").contains("nope");
    assertThat(error.get("exitCode").asInt()).isEqualTo(1);
    assertThat(usage.exitCode()).isEqualTo(2);
    JsonNode usageError = JsonOutput.mapper().readTree(usage.out());
    assertThat(usageError.get("error").asText()).contains("diary");
    assertThat(usageError.get("exitCode").asInt()).isEqualTo(2);
  }

  @Test
  void engramsHomeFollowsTheHomeVariable(@TempDir Path user) {
    CommandRun run = CommandRun.inEnvironment(Map.of("HOME", user.toString()), "config");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("home:     " + user.resolve(".engram"));
  }

  @Test
  void engramHomeVariableStillWinsOverHome(@TempDir Path user, @TempDir Path engramHome) {
    CommandRun run = CommandRun.inEnvironment(
        Map.of("HOME", user.toString(), "ENGRAM_HOME", engramHome.toString()), "config");
    assertThat(run.out()).contains("home:     " + engramHome);
  }

  @Test
  void theHiddenUserHomeOptionStillWinsOverHome(@TempDir Path user, @TempDir Path other) {
    CommandRun run = CommandRun.inEnvironment(Map.of("HOME", user.toString()), "--user-home", other.toString(), "config");
    assertThat(run.out()).contains("home:     " + other.resolve(".engram"));
  }

  @Test
  void aNullSettingsSectionIsAnErrorNamingTheKeyNotACrash(@TempDir Path home, @TempDir Path project) throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"recall\": null}");
    CommandRun run = CommandRun.in(home, project, "recall", "anything");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("settings.json: 'recall' is null").doesNotContain("Exception");
  }
}
