package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ScriptTest {
  private static final Set<Character.UnicodeScript> CJK_SCRIPTS = Set.of(Character.UnicodeScript.HAN,
      Character.UnicodeScript.HIRAGANA, Character.UnicodeScript.KATAKANA);

  @Test
  void everyHanAndKanaLetterIsReadAsCjkEveryHangulLetterAsHangulAndEveryOtherLetterAsLatin() {
    // Script.of skips the script table below the first CJK letter: this holds it to the table for every letter.
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      if (Character.isLetter(cp)) {
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        Script expected = CJK_SCRIPTS.contains(script) ? Script.CJK
            : script == Character.UnicodeScript.HANGUL ? Script.HANGUL : Script.LATIN;
        assertThat(Script.of(Character.toString(cp))).as("U+%04X", cp).isEqualTo(expected);
      }
    }
  }

  @Test
  void koreanIsAScriptOfItsOwnAndMixedCjkTextGoesByItsMajority() {
    assertThat(Script.of("로컬에서 통합 테스트가 계속 타임아웃 나요")).isEqualTo(Script.HANGUL);
    assertThat(Script.of("Flyway 마이그레이션은 어떻게 실행해?")).isEqualTo(Script.HANGUL);
    assertThat(Script.of("テストの実行方法は？")).isEqualTo(Script.CJK);
    assertThat(Script.of("数据库 迁移 한국")).isEqualTo(Script.CJK);
    assertThat(Script.of("데이터베이스 数据")).isEqualTo(Script.HANGUL);
  }

  @Test
  void aChinesePromptNamingALongIdentifierStaysChinese() {
    assertThat(Script.of("怎么运行 MySqlIntegrationTests 这个测试？")).isEqualTo(Script.CJK);
    assertThat(Script.of("run the MySqlIntegrationTests")).isEqualTo(Script.LATIN);
    assertThat(Script.of("한국어 ᄀ")).isEqualTo(Script.HANGUL);
  }

  @Test
  void aTextHoldsOtherLettersWhenAnyWordIsNotCjk() {
    assertThat(Script.holdsOtherLetters("怎么运行 MySqlIntegrationTests 这个测试？")).isTrue();
    assertThat(Script.holdsOtherLetters("消息积压越来越多，先排查什么？ 2 次")).isFalse();
    assertThat(Script.holdsOtherLetters("Καλημέρα")).isTrue();
    assertThat(Script.holdsOtherLetters("")).isFalse();
  }
}
