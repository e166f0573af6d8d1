package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class CommandsTest {

  @Test
  void aLineSplitsIntoItsSimpleCommandsWithoutFiltersRedirectionsOrHeredocs() {
    assertThat(Commands.split("cd /p && MIX_ENV=test mix test 2>&1 | tail -5; mix credo --strict >/dev/null"))
        .containsExactly("mix test", "mix credo --strict");
    assertThat(Commands.split("git add -A && git commit -m \"$(cat <<'EOF'\nfeat: a && b\nEOF\n)\""))
        .containsExactly("git add -A", "git commit -m \"…\"");
    assertThat(Commands.split("git commit -m 'fix: a; b'")).containsExactly("git commit -m \"…\"");
  }

  @Test
  void theGeneralFormHidesIdentifiersPathsAndNumericFlagValues() {
    assertThat(Commands.general("mix test test/a_test.exs --seed 0")).isEqualTo("mix test <path>");
    assertThat(Commands.general("bd update spotter-4te.1 --status=in_progress")).isEqualTo(
        "bd update <id> --status=in_progress");
    assertThat(Commands.general("bd create --priority=2 --parent=spotter-0p7")).isEqualTo(
        "bd create --priority --parent=<id>");
  }

  @Test
  void checkOutputsThatReportFailures() {
    assertThat(Commands.outputReportsFailure("65 tests, 2 failures")).isTrue();
    assertThat(Commands.outputReportsFailure("Total errors: 3, Skipped: 0")).isTrue();
    assertThat(Commands.outputReportsFailure("688 mods/funs, found 1 refactoring opportunity.")).isTrue();
    assertThat(Commands.outputReportsFailure("65 tests, 0 failures")).isFalse();
    assertThat(Commands.outputReportsFailure("Total errors: 0, Skipped: 0")).isFalse();
    assertThat(Commands.outputReportsFailure("326 mods/funs, found no issues.")).isFalse();
  }

  @Property(tries = 300)
  void anyLineSplitsWithoutFailingIntoTrimmedCommands(@ForAll String line) {
    for (String simple : Commands.split(line)) {
      assertThat(simple).isNotBlank().isEqualTo(simple.strip());
      assertThat(Commands.general(simple)).isNotNull();
    }
  }

  /** The quoting rule as a pattern: the scan must agree with it (it only differs in time on unclosed quotes). */
  private static final java.util.regex.Pattern QUOTED_AS_PATTERN =
      java.util.regex.Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'");

  @Property(tries = 1000)
  void quotedTextIsReplacedAsThePatternWould(
      @ForAll @net.jqwik.api.constraints.StringLength(max = 40) @net.jqwik.api.constraints.Chars({'"', '\'', '\\', 'a', ' '})
          String line) {
    assertThat(Commands.withoutQuotedText(line)).isEqualTo(QUOTED_AS_PATTERN.matcher(line).replaceAll("\"…\""));
  }

  @Test
  void anUnclosedQuoteLeavesTheRestAsItIs() {
    assertThat(Commands.withoutQuotedText("echo \"a \\\" b 'c' d")).isEqualTo("echo \"a \\\" b \"…\" d");
    assertThat(Commands.withoutQuotedText("it's")).isEqualTo("it's");
  }
}
