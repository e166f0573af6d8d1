package io.engram.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The lean command line: when it is built, and that each subcommand on it is the full tree's own. */
class LeanCommandLineTest {
  @TempDir Path home;

  @Test
  void appliesToAKnownSubcommandAfterGlobalOptionsAndNeverToHelpOrTheVersion() {
    assertThat(LeanCommandLine.applies(new String[] {"hook", "Stop"})).isTrue();
    assertThat(LeanCommandLine.applies(new String[] {"--home", "/h", "--project=/p", "hook", "Stop"})).isTrue();
    assertThat(LeanCommandLine.applies(new String[] {"hooks", "install"})).isTrue();
    assertThat(LeanCommandLine.applies(new String[] {"list", "--json"})).isTrue();
    assertThat(LeanCommandLine.applies(new String[] {"recall", "--json", "two words"})).isTrue();
    assertThat(LeanCommandLine.applies(new String[] {"hook", "--help"})).isFalse();
    assertThat(LeanCommandLine.applies(new String[] {"list", "-h"})).isFalse();
    assertThat(LeanCommandLine.applies(new String[] {"--version"})).isFalse();
    assertThat(LeanCommandLine.applies(new String[] {"help", "list"})).isFalse();
    assertThat(LeanCommandLine.applies(new String[] {"generate-completion"})).isFalse();
    assertThat(LeanCommandLine.applies(new String[] {"lst"})).isFalse(); // the full tree suggests "list"
    assertThat(LeanCommandLine.applies(new String[] {"--bogus", "list"})).isFalse();
    assertThat(LeanCommandLine.applies(new String[] {"--home"})).isFalse();
    assertThat(LeanCommandLine.applies(new String[] {})).isFalse();
  }

  @Test
  void everySubcommandOnTheLeanCommandLineHasTheOptionsAndSubcommandsOfTheFullTree() {
    CommandLine full = EngramCommand.newCommandLine(java.util.Map.of());
    for (String name : full.getSubcommands().keySet()) {
      if (!LeanCommandLine.applies(new String[] {name})) {
        continue;
      }
      CommandLine lean = LeanCommandLine.commandLine(java.util.Map.of(), name);

      assertThat(lean.getSubcommands()).as(name).containsOnlyKeys(name);
      assertThat(shape(lean.getSubcommands().get(name))).as(name).isEqualTo(shape(full.getSubcommands().get(name)));
      assertThat(lean.getCommandSpec().options().stream().map(o -> o.longestName()).sorted().toList()).as(name)
          .isEqualTo(full.getCommandSpec().options().stream().map(o -> o.longestName())
              .filter(o -> !o.equals("--help") && !o.equals("--version")).sorted().toList());
    }
  }

  @Test
  void theLeanCommandLineParsesEnumsWhateverTheirCaseAsTheFullOneDoes() {
    CommandLine lean = LeanCommandLine.commandLine(java.util.Map.of(), "hooks");
    StringWriter err = new StringWriter();
    lean.setErr(new PrintWriter(err, true));
    lean.setOut(new PrintWriter(new StringWriter(), true));

    int code = lean.execute("--home", home.toString(), "--project", home.toString(), "hooks", "install", "--scope",
        "Local", "--json");

    assertThat(code).as(err.toString()).isZero();
    assertThat(home.resolve(".claude/settings.local.json")).exists();
  }

  /** A command's options, positional parameters and subcommands, recursively, as text to compare. */
  private static String shape(CommandLine cli) {
    StringBuilder out = new StringBuilder(cli.getCommandSpec().qualifiedName()).append(' ');
    cli.getCommandSpec().options().stream().map(o -> String.join("|", o.names())).sorted().forEach(o -> out.append(o).append(' '));
    out.append(cli.getCommandSpec().positionalParameters().size()).append('\n');
    cli.getSubcommands().values().forEach(sub -> out.append(shape(sub)));
    return out.toString();
  }

  @Test
  void theStdioMcpServerStartsOnTheReducedCommandLineToo() {
    assertThat(LeanCommandLine.applies(new String[] {"--project", "/p", "mcp"})).isTrue();
    assertThat(LeanCommandLine.applies(new String[] {"mcp", "--help"})).isFalse();
    CommandLine cli = LeanCommandLine.commandLine(java.util.Map.of(), "mcp");
    StringWriter out = new StringWriter();
    cli.setOut(new PrintWriter(out, true));
    assertThat(cli.execute("--home", home.toString(), "mcp", "--new-token")).isZero();
    assertThat(out.toString().strip()).matches("[0-9a-f]{64}");
    assertThat(cli.getSubcommands()).containsOnlyKeys("mcp");
  }

  @Test
  void theReducedCommandLineRunsTheHookWithTheGlobalOptions() {
    InputStream before = System.in;
    System.setIn(new ByteArrayInputStream("{\"session_id\":\"s\",\"prompt\":\"hello\"}".getBytes(StandardCharsets.UTF_8)));
    try {
      CommandLine cli = LeanCommandLine.commandLine(java.util.Map.of("ENGRAM_SERVICE", "off"));
      StringWriter err = new StringWriter();
      cli.setErr(new PrintWriter(err, true));
      int code = cli.execute("--home", home.toString(), "--project", home.toString(), "hook", "UserPromptSubmit");
      assertThat(code).as(err.toString()).isZero();
      assertThat(home.resolve("sessions")).isDirectory();
    } finally {
      System.setIn(before);
    }
  }
}
