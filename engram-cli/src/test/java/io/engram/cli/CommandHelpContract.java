package io.engram.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.output.ExamplesSection;
import io.engram.cli.output.JsonOption;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The help a user reads, on every command and subcommand of a command line: whole sentences, a short one first,
 * {@code --json} from the shared mixin wherever a command prints data, help that exits 0 and that the redaction
 * leaves whole, and examples that the command line accepts as they are written. The {@code engram} command and the
 * lab's {@code bench} both run it.
 */
public abstract class CommandHelpContract {
  /** A new configured command line of the root under test. */
  protected abstract CommandLine newCommandLine();

  /** The qualified names of the commands that print no data and so have no {@code --json} (groups among them). */
  protected abstract List<String> commandsWithoutJson();

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

  /** Whether every command that runs must show examples of its use; a group may (it lists its commands). */
  protected boolean examplesRequired() {
    return false;
  }

  @Test
  void everyExampleInAHelpIsACommandLineThatParsesToThatCommand() {
    String root = newCommandLine().getCommandName();
    for (CommandLine c : ourCommands()) {
      String name = c.getCommandSpec().qualifiedName();
      List<String> examples = ExamplesSection.of(c.getCommandSpec());
      if (examples.isEmpty()) {
        assertThat(examplesRequired() && c.getSubcommands().isEmpty()).as(name + " shows no example").isFalse();
        continue;
      }
      String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
      assertThat(help).as(name).contains("\nExamples:\n");
      assertThat(examples.get(examples.size() - 1)).as(name + ": a comment says what the next line does")
          .doesNotStartWith("#");
      for (String example : examples) {
        assertThat(help).as(name).contains("\n  " + example + "\n");
        if (example.startsWith("#")) {
          continue;
        }
        List<String> words = ExampleWords.of(example, root);
        assertThat(words).as(name + ": " + example).isNotEmpty();
        CommandLine.ParseResult parsed;
        try {
          parsed = newCommandLine().parseArgs(words.subList(1, words.size()).toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
          throw new AssertionError(name + ": the example '" + example + "' does not parse: " + e.getMessage(), e);
        }
        while (parsed.hasSubcommand()) {
          parsed = parsed.subcommand();
        }
        assertThat(parsed.commandSpec().qualifiedName() + " ").as(example).startsWith(name + " ");
      }
    }
  }

  @Test
  void everyCommandsHelpExitsZero() {
    for (CommandLine c : allCommands()) {
      List<String> args = new ArrayList<>(List.of(c.getCommandSpec().qualifiedName().split(" ")));
      args.remove(0);
      args.add("--help");
      StringWriter out = new StringWriter();
      CommandLine cli = newCommandLine();
      cli.setOut(new PrintWriter(out, true));
      cli.setErr(new PrintWriter(new StringWriter(), true));
      int code = cli.execute(args.toArray(String[]::new));
      assertThat(code).as(String.join(" ", args)).isZero();
      assertThat(out.toString()).as(String.join(" ", args)).contains("Usage: " + c.getCommandSpec().qualifiedName());
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
    assertThat(withoutJson).containsExactlyInAnyOrderElementsOf(commandsWithoutJson());
  }

  // picocli's own help and completion commands carry picocli's text.
  private List<CommandLine> ourCommands() {
    return allCommands().stream()
        .filter(c -> !(c.getCommand() instanceof CommandLine.HelpCommand)
            && !(c.getCommand() instanceof picocli.AutoComplete.GenerateCompletion))
        .toList();
  }

  private List<CommandLine> allCommands() {
    List<CommandLine> all = new ArrayList<>();
    collect(newCommandLine(), all);
    return all;
  }

  private static void collect(CommandLine c, List<CommandLine> into) {
    into.add(c);
    c.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
  }
}
