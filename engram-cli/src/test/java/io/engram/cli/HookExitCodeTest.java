package io.engram.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * {@code engram hook} never exits 2 by mistake: Claude Code reads exit 2 as "block" (the prompt erased, the
 * agent kept from stopping, the compaction refused). Mistyped events and options, bad stdin and bad session
 * ids all exit 1 with one line on stderr, through the full command line and the reduced one hooks run on.
 */
class HookExitCodeTest {
  private static final java.util.Map<String, String> ENVIRONMENT = java.util.Map.of("ENGRAM_SERVICE", "off");

  @TempDir Path home;

  static Stream<Arguments> malformed() {
    String ok = "{\"session_id\":\"s1\",\"prompt\":\"hello\"}";
    return Stream.of(
        Arguments.of(List.of("hook", "UserPromptSubmitt"), ok),
        Arguments.of(List.of("hook", "--bogus", "UserPromptSubmit"), ok),
        Arguments.of(List.of("hook", "UserPromptSubmit", "--bogus"), ok),
        Arguments.of(List.of("hook"), ok),
        Arguments.of(List.of("hook", "Stop", "extra"), ok),
        Arguments.of(List.of("hook", ""), ok),
        Arguments.of(List.of("--bogus", "hook", "Stop"), ok),
        Arguments.of(List.of("hook", "Stop", "--home"), ok),
        Arguments.of(List.of("hook", "-x", "PreCompact"), ok),
        Arguments.of(List.of("hook", "PreCompact"), "not json at all"),
        Arguments.of(List.of("hook", "UserPromptSubmit"), ""),
        Arguments.of(List.of("hook", "UserPromptSubmit"), "[1,2,3]"),
        Arguments.of(List.of("hook", "Stop"), "{\"session_id\":42}"),
        Arguments.of(List.of("hook", "Stop"), "{\"session_id\":\"../../etc\"}"),
        Arguments.of(List.of("hook", "SessionStart"), "{\"session_id\":\"s1\",\"source\":7}"),
        Arguments.of(List.of("hook", "UserPromptSubmit"), "{\"session_id\":\"s1\",\"prompt\":\"x\"}{"),
        Arguments.of(List.of("--project", "/no/such/project", "hook", "UserPromptSubmit"), ok),
        Arguments.of(List.of("hook", "UserPromptSubmit", "--project", "/no/such/project"), ok));
  }

  @ParameterizedTest
  @MethodSource("malformed")
  void aMalformedHookCallExitsOneWithOneLineNeverTwo(List<String> args, String stdin) {
    for (boolean reduced : List.of(false, true)) {
      List<String> all = new ArrayList<>(List.of("--home", home.toString()));
      all.addAll(args);
      String[] argv = all.toArray(String[]::new);
      if (reduced && !LeanCommandLine.applies(argv)) {
        continue;
      }
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      InputStream before = System.in;
      // The hook command takes System.in when it is built.
      System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
      int code;
      try {
        CommandLine cli = reduced ? LeanCommandLine.commandLine(ENVIRONMENT) : EngramCommand.newCommandLine(ENVIRONMENT);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        code = cli.execute(argv);
      } finally {
        System.setIn(before);
      }
      String what = (reduced ? "reduced " : "full ") + args + " <<< " + stdin + ": " + err;
      assertThat(code).as(what).isEqualTo(1);
      assertThat(err.toString().strip()).as(what).startsWith("engram hook").doesNotContain("\n", "Usage:", "\tat ");
      assertThat(out.toString()).as(what).isEmpty();
    }
  }

  @ParameterizedTest
  @MethodSource("otherUsageErrors")
  void otherCommandsKeepExitTwoForUsageErrors(List<String> args) {
    assertThat(CommandRun.of(args.toArray(String[]::new)).exitCode()).isEqualTo(2);
  }

  static Stream<List<String>> otherUsageErrors() {
    return Stream.of(List.of("--bogus"), List.of("recall"), List.of("hooks", "install", "--bogus"),
        List.of("remember", "hook", "--bogus"));
  }
}
