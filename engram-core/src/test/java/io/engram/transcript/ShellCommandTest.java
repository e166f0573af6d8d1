package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Splitting a Bash call's line into the simple commands it runs. */
class ShellCommandTest {

  @Test
  void aBackslashAtTheEndOfALineContinuesTheCommandOnTheNext() {
    List<ShellCommand> commands = ShellCommand.parse("printf 'n\\ny\\n' | git add -p cmd/cli/auto_commit.go \\\n"
        + "  cmd/cli/session.go \\\n  cmd/cli/rewind.go\ngit status");
    assertThat(commands).extracting(ShellCommand::program).containsExactly("printf", "git", "git");
    assertThat(commands.get(1).args()).containsExactly("add", "-p", "cmd/cli/auto_commit.go", "cmd/cli/session.go",
        "cmd/cli/rewind.go");
  }

  @Test
  void aBackslashInsideQuotesOrBeforeAnotherCharacterContinuesNothing() {
    assertThat(ShellCommand.parse("echo 'a \\\nb'\nls")).extracting(ShellCommand::program)
        .containsExactly("echo", "ls");
    assertThat(ShellCommand.parse("grep -n 'a\\|b' x.go\nls")).extracting(ShellCommand::program)
        .containsExactly("grep", "ls");
  }

  @Test
  void anAssignmentOfACommandsOutputRunsThatCommand() {
    List<ShellCommand> commands = ShellCommand.parse("SLUG=$(git remote get-url origin 2>/dev/null | tr '/' '-')\n"
        + "BRANCH=$(git rev-parse --abbrev-ref HEAD)\nNOW=`date +%s`\nmkdir -p ~/.gstack/projects/$SLUG");
    assertThat(commands).extracting(ShellCommand::program).containsExactly("git", "tr", "git", "date", "mkdir");
    assertThat(commands.get(0).args()).containsExactly("remote", "get-url", "origin", "2>/dev/null");
    assertThat(commands.get(2).args()).containsExactly("rev-parse", "--abbrev-ref", "HEAD");
    assertThat(commands.get(3).args()).containsExactly("+%s");
  }

  @Test
  void aPlainAssignmentStillLeadsToTheProgramAfterIt() {
    assertThat(ShellCommand.parse("GOOS=linux CGO_ENABLED=0 go build ./...")).singleElement()
        .satisfies(c -> assertThat(c.label()).isEqualTo("go build"));
    assertThat(ShellCommand.parse("X=$(date) make test")).singleElement()
        .satisfies(c -> assertThat(c.label()).isEqualTo("make test"));
  }

  @Property(tries = 200)
  void wordsJoinedByContinuedLinesAreOneCommand(@ForAll("words") List<String> words) {
    List<ShellCommand> commands = ShellCommand.parse(String.join(" \\\n  ", words));
    assertThat(commands).hasSize(1);
    assertThat(commands.get(0).program()).isEqualTo(words.get(0));
    assertThat(commands.get(0).args()).isEqualTo(words.subList(1, words.size()));
  }

  @Provide
  Arbitrary<List<String>> words() {
    return Arbitraries.strings().withCharRange('a', 'z').withChars('-', '.', '/', '_').ofMinLength(1).ofMaxLength(12)
        .filter(w -> !w.matches("[A-Za-z_][A-Za-z0-9_]*=.*") && !w.equals("cd"))
        .filter(w -> !List.of("sudo", "env", "time", "nice", "nohup", "exec", "command").contains(w))
        .list().ofMinSize(1).ofMaxSize(6);
  }
}
