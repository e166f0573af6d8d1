package io.engram.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShellWordsTest {
  private static final List<String> NAMES = List.of("deploy", "Bad Name With Spaces", "it's", "$HOME", "`id`",
      "a\"b", "代码风格", "semi;colon", "star*", "-dash", "tab\there", "");

  /** What {@code sh} reads {@code word} as, one argument. */
  private static String readByShell(String word) throws Exception {
    return io.engram.testing.ChildProcess.run(new ProcessBuilder("sh", "-c", "printf '%s' " + word)
        .redirectErrorStream(true), "", java.time.Duration.ofSeconds(30)).out();
  }

  @Test
  void aShellReadsEveryQuotedOrPlainWordBackAsTheTextItWasMadeFrom() throws Exception {
    for (String name : NAMES) {
      assertThat(readByShell(ShellWords.word(name))).as(name).isEqualTo(name);
      assertThat(readByShell(ShellWords.quoted(name))).as(name).isEqualTo(name);
    }
  }

  @Test
  void aWordAShellReadsAsItStandsIsLeftUnquoted() {
    assertThat(ShellWords.word("deploy-notes_2.md")).isEqualTo("deploy-notes_2.md");
    assertThat(ShellWords.word("代码风格")).isEqualTo("代码风格");
    assertThat(ShellWords.word("Bad Name")).isEqualTo("'Bad Name'");
  }
}
