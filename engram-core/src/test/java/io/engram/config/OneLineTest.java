package io.engram.config;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class OneLineTest {
  @Test
  void lineBreaksTabsAndInvisibleCharactersAreShownAsEscapes() {
    assertThat(OneLine.escape("a\nb\r\tc\0d\u200Be\u2028f\u001B")).isEqualTo(
        "a\\nb\\r\\tc\\u0000d\\u200Be\\u2028f\\u001B");
  }

  @Test
  void printableTextOfAnyScriptIsLeftAsItIs() {
    assertThat(OneLine.escape("名前 'x' \"y\" \\ é 🙂")).isEqualTo("名前 'x' \"y\" \\ é 🙂");
  }

  @Property(tries = 300)
  void noEscapedTextHoldsALineBreakOrAControlOrFormatCharacter(@ForAll String text) {
    assertThat(OneLine.escape(text).codePoints()).noneMatch(c -> Character.isISOControl(c)
        || Character.getType(c) == Character.FORMAT || c == 0x2028 || c == 0x2029);
  }
}
