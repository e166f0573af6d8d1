package io.engram.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.output.JsonOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The help a user reads: on every command and subcommand, whole sentences, a short one first, {@code --json}
 * wherever a command prints data, and the build's real version.
 */
class HelpTextTest {

  @Test
  void everyCommandStartsWithOneShortWholeSentence() {
    for (CommandLine c : ourCommands()) {
      String[] description = c.getCommandSpec().usageMessage().description();
      String name = c.getCommandSpec().qualifiedName();
      assertThat(description).as(name).isNotEmpty();
      assertThat(description[0]).as(name + ": first line").endsWith(".").hasSizeLessThanOrEqualTo(80);
      assertThat(description[0].substring(0, description[0].length() - 1)).as(name + ": one sentence")
          .doesNotContain(". ");
    }
  }

  @Test
  void everyDescriptionLineIsMadeOfWholeSentences() {
    for (CommandLine c : ourCommands()) {
      for (String line : c.getCommandSpec().usageMessage().description()) {
        assertThat(line).as(c.getCommandSpec().qualifiedName()).endsWith(".");
        assertThat(Character.isUpperCase(line.charAt(0)) || line.startsWith("--") || line.startsWith("'"))
            .as(c.getCommandSpec().qualifiedName() + ": " + line).isTrue();
      }
    }
  }

  @Test
  void theCommandListShowsEachSummaryWhole() {
    String help = CommandRun.of("--help").out().replaceAll("\\s+", " ");
    for (CommandLine c : EngramCommand.newCommandLine().getSubcommands().values()) {
      // picocli lists a command by the first line of its header, else of its description.
      String[] header = c.getCommandSpec().usageMessage().header();
      assertThat(help).contains(header.length > 0 ? header[0] : c.getCommandSpec().usageMessage().description()[0]);
    }
    assertThat(help).contains("install Install engram for this user");
  }

  @Test
  void everyCommandsHelpExitsZero() {
    for (CommandLine c : allCommands()) {
      List<String> args = new ArrayList<>(List.of(c.getCommandSpec().qualifiedName().split(" ")));
      args.remove(0);
      args.add("--help");
      CommandRun run = CommandRun.of(args.toArray(String[]::new));
      assertThat(run.exitCode()).as(String.join(" ", args)).isZero();
      assertThat(run.out()).as(String.join(" ", args)).contains("Usage: " + c.getCommandSpec().qualifiedName());
    }
  }

  @Test
  void noHelpTextIsCutByTheRedactionEveryOutputPassesThrough() {
    for (CommandLine c : allCommands()) {
      String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
      assertThat(io.engram.redact.SecretRedactor.standard().redact(help).text())
          .as(c.getCommandSpec().qualifiedName()).isEqualTo(help);
    }
  }

  @Test
  void everyCommandThatPrintsDataHasTheSharedJsonOption() {
    List<String> withoutJson = new ArrayList<>();
    for (CommandLine c : allCommands()) {
      CommandLine.Model.CommandSpec spec = c.getCommandSpec();
      boolean group = !c.getSubcommands().isEmpty();
      if (spec.findOption("--json") == null) {
        withoutJson.add(spec.qualifiedName());
      } else {
        assertThat(group).as(spec.qualifiedName() + ": a group prints only its usage").isFalse();
        assertThat(spec.mixins().get("json")).as(spec.qualifiedName() + ": --json comes from the JsonOption mixin")
            .isNotNull();
        assertThat(spec.mixins().get("json").userObject()).isInstanceOf(JsonOption.class);
      }
    }
    // Groups print their usage; edit hands the file to an editor; mcp and hook speak their protocols on stdout
    // (hook's answer is JSON already); daemon run is the service itself, whose output is its log; help and
    // generate-completion are picocli's.
    assertThat(withoutJson).containsExactlyInAnyOrder("engram", "engram bench", "engram hooks", "engram edit",
        "engram mcp", "engram hook", "engram daemon", "engram daemon run", "engram team", "engram help",
        "engram generate-completion");
  }

  @Test
  void versionIsTheBuildsVersion() {
    CommandRun run = CommandRun.of("--version");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out().strip()).matches("engram \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?").isEqualTo("engram " + EngramVersion.number());
  }

  // picocli's own help and completion commands carry picocli's text.
  private static List<CommandLine> ourCommands() {
    return allCommands().stream()
        .filter(c -> !(c.getCommand() instanceof CommandLine.HelpCommand)
            && !(c.getCommand() instanceof picocli.AutoComplete.GenerateCompletion))
        .toList();
  }

  private static List<CommandLine> allCommands() {
    List<CommandLine> all = new ArrayList<>();
    collect(EngramCommand.newCommandLine(), all);
    return all;
  }

  private static void collect(CommandLine c, List<CommandLine> into) {
    into.add(c);
    c.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
  }
}
