package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ScriptTest {
  private static final Set<Character.UnicodeScript> CJK_SCRIPTS = Set.of(Character.UnicodeScript.HAN,
      Character.UnicodeScript.HIRAGANA, Character.UnicodeScript.KATAKANA, Character.UnicodeScript.HANGUL);

  @Test
  void everyCjkLetterIsReadAsCjkAndEveryOtherLetterAsLatin() {
    // Script.of skips the script table below the first CJK letter: this holds it to the table for every letter.
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      if (Character.isLetter(cp)) {
        boolean cjk = CJK_SCRIPTS.contains(Character.UnicodeScript.of(cp));
        assertThat(Script.of(Character.toString(cp))).as("U+%04X", cp).isEqualTo(cjk ? Script.CJK : Script.LATIN);
      }
    }
  }

  @Test
  void aChinesePromptNamingALongIdentifierStaysChinese() {
    assertThat(Script.of("怎么运行 MySqlIntegrationTests 这个测试？")).isEqualTo(Script.CJK);
    assertThat(Script.of("run the MySqlIntegrationTests")).isEqualTo(Script.LATIN);
    assertThat(Script.of("한국어 ᄀ")).isEqualTo(Script.CJK);
  }
}
