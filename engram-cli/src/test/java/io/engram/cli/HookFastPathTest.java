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

class HookFastPathTest {
  @TempDir Path home;

  @Test
  void appliesOnlyToHookAfterGlobalOptionsAndNeverToHelp() {
    assertThat(HookFastPath.applies(new String[] {"hook", "Stop"})).isTrue();
    assertThat(HookFastPath.applies(new String[] {"--home", "/h", "--project=/p", "hook", "Stop"})).isTrue();
    assertThat(HookFastPath.applies(new String[] {"hooks", "install"})).isFalse();
    assertThat(HookFastPath.applies(new String[] {"list", "hook"})).isFalse();
    assertThat(HookFastPath.applies(new String[] {"hook", "--help"})).isFalse();
    assertThat(HookFastPath.applies(new String[] {"--home"})).isFalse();
  }

  @Test
  void theStdioMcpServerStartsOnTheReducedCommandLineToo() {
    assertThat(HookFastPath.applies(new String[] {"--project", "/p", "mcp"})).isTrue();
    assertThat(HookFastPath.applies(new String[] {"mcp", "--help"})).isFalse();
    assertThat(HookFastPath.applies(new String[] {"daemon", "mcp"})).isFalse();
    CommandLine cli = HookFastPath.commandLine(java.util.Map.of(), "mcp");
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
      CommandLine cli = HookFastPath.commandLine(java.util.Map.of("ENGRAM_SERVICE", "off"));
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
