package io.engram.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class ShellWordsTest {
  @Test
  void quotesAndEscapesAreTakenOutOfTheValueButMappedBack() {
    String text = "curl -s --user 'svc:pa ss' -H \"X: \\\"q\\\"\" a\\ b";
    List<ShellWords.Word> words = ShellWords.from(text, 0);
    assertThat(words).extracting(ShellWords.Word::value)
        .containsExactly("curl", "-s", "--user", "svc:pa ss", "-H", "X: \"q\"", "a b");
    ShellWords.Word user = words.get(3);
    int[] pass = user.span(4, user.value().length());
    assertThat(text.substring(pass[0], pass[1])).isEqualTo("pa ss");
  }

  @Test
  void aCommandEndsAtASeparatorOrALineBreakButNotAnEscapedOne() {
    assertThat(ShellWords.from("mysql -pX; ls -l", 0)).extracting(ShellWords.Word::value).containsExactly("mysql", "-pX");
    assertThat(ShellWords.from("a | b", 0)).extracting(ShellWords.Word::value).containsExactly("a");
    assertThat(ShellWords.from("a \\\n  -b c\nd", 0)).extracting(ShellWords.Word::value).containsExactly("a", "-b", "c");
    assertThat(ShellWords.from("run `mysql -pY` now", 5)).extracting(ShellWords.Word::value).containsExactly("mysql", "-pY");
  }

  @Test
  void aQuoteTheLineNeverClosesEndsTheWord() {
    // a command inside a JSON string: the closing quote belongs to the JSON
    assertThat(ShellWords.from("mysql -uroot -pS3cret\"}", 0)).extracting(ShellWords.Word::value)
        .startsWith("mysql", "-uroot", "-pS3cret");
  }

  @Test
  void redirectionsAreWordsOfTheirOwn() {
    assertThat(ShellWords.from("cryptsetup open /dev/x v <<< 'pw'", 0)).extracting(ShellWords.Word::value)
        .containsExactly("cryptsetup", "open", "/dev/x", "v", "<<<", "pw");
  }

  @Test
  void anOptionIsAnUnquotedDash() {
    List<ShellWords.Word> words = ShellWords.from("x -p '-q'", 0);
    assertThat(words.get(1).isOption()).isTrue();
    assertThat(words.get(2).isOption()).isFalse();
  }

  @Property(tries = 500)
  void everyCharacterOfEveryValueIsTheTextsCharacterAtItsOffset(@ForAll @StringLength(max = 80) String text) {
    int from = text.isEmpty() ? 0 : Math.abs(text.hashCode() % text.length());
    List<ShellWords.Word> words = ShellWords.from(text, from);
    assertThat(words.size()).isLessThanOrEqualTo(ShellWords.MAX_WORDS);
    int previousEnd = from;
    for (ShellWords.Word w : words) {
      assertThat(w.start()).isGreaterThanOrEqualTo(previousEnd);
      assertThat(w.at()).hasSize(w.value().length());
      for (int i = 0; i < w.at().length; i++) {
        assertThat(w.at()[i]).isBetween(w.start(), w.end() - 1);
        assertThat(text.charAt(w.at()[i])).isEqualTo(w.value().charAt(i));
      }
      previousEnd = w.end();
    }
  }
}
