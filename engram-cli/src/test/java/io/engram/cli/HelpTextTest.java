package io.engram.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.global.EngramVersion;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The {@code engram} command's help (see {@link CommandHelpContract}), its command list and its version. */
class HelpTextTest extends CommandHelpContract {
  @Override
  protected CommandLine newCommandLine() {
    return EngramCommand.newCommandLine();
  }

  // Groups print their usage; edit hands the file to an editor; mcp and hook speak their protocols on stdout
  // (hook's answer is JSON already); daemon run is the service itself, whose output is its log; help and
  // generate-completion print picocli's help and a completion script.
  @Override
  protected List<String> commandsWithoutJson() {
    return List.of("engram", "engram hooks", "engram edit", "engram mcp", "engram hook", "engram daemon",
        "engram daemon run", "engram team", "engram models", "engram inbox", "engram help",
        "engram generate-completion");
  }

  // A new user learns a command from an example as much as from its options.
  @Override
  protected boolean examplesRequired() {
    return true;
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
  void versionIsTheBuildsVersion() {
    CommandRun run = CommandRun.of("--version");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out().strip()).matches("engram \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?").isEqualTo("engram " + EngramVersion.number());
  }
}
