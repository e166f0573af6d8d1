package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyMatcherTest {

  private static KeyMatcher in(String summary) {
    return new KeyMatcher(summary, 0.6);
  }

  @Test
  void fileNamesMatchByPathOrBaseNameAsAToken() {
    assertThat(in("edited src/main/App.java").preserved(KeyKind.FILE_NAMES, "/repo/src/main/App.java")).isTrue();
    assertThat(in("edited App.java.").preserved(KeyKind.FILE_NAMES, "/repo/src/main/App.java")).isTrue();
    assertThat(in("edited MyApp.java").preserved(KeyKind.FILE_NAMES, "App.java")).isFalse();
    assertThat(in("edited App.javax").preserved(KeyKind.FILE_NAMES, "App.java")).isFalse();
    assertThat(in("edited app.java").preserved(KeyKind.FILE_NAMES, "App.java")).isFalse();
    assertThat(in("edited C:/w/App.java").preserved(KeyKind.FILE_NAMES, "C:\\w\\App.java")).isTrue();
  }

  @Test
  void keywordsMatchExactlyAsTokens() {
    assertThat(in("uses FileScore.").preserved(KeyKind.TECHNICAL_KEYWORDS, "FileScore")).isTrue();
    assertThat(in("uses FileScores").preserved(KeyKind.TECHNICAL_KEYWORDS, "FileScore")).isFalse();
    assertThat(in("uses filescore").preserved(KeyKind.TECHNICAL_KEYWORDS, "FileScore")).isFalse();
    assertThat(in("ran mvn  -q\ntest").preserved(KeyKind.TECHNICAL_KEYWORDS, "mvn -q test")).isTrue();
  }

  @Test
  void shortInstructionsNeedTheWholeText() {
    assertThat(in("User: Keep  it FAST.").preserved(KeyKind.USER_INSTRUCTIONS, "keep it fast")).isTrue();
    assertThat(in("it must be fast").preserved(KeyKind.USER_INSTRUCTIONS, "keep it fast")).isFalse();
  }

  @Test
  void longMessagesNeedSixtyPercentOfTheirContentWords() {
    // content words: compile, error, parser, module, missing, import (6); "the", "in", "a" are dropped.
    String error = "compile error in the parser module: missing import";
    // 4 of 6 = 0.67 >= 0.6
    assertThat(in("fixed the parser compile error (an import)").preserved(KeyKind.ERROR_MESSAGES, error)).isTrue();
    // 3 of 6 = 0.5 < 0.6
    assertThat(in("fixed the parser compile error").preserved(KeyKind.ERROR_MESSAGES, error)).isFalse();
  }

  @Test
  void chineseIsComparedByCharacterPairs() {
    String instruction = "请把压缩摘要的测试补全";
    assertThat(KeyMatcher.contentWords(instruction)).contains("压缩", "摘要", "测试");
    assertThat(in("用户要求：把压缩摘要的测试补全。").preserved(KeyKind.USER_INSTRUCTIONS, instruction)).isTrue();
    assertThat(in("没有相关内容").preserved(KeyKind.USER_INSTRUCTIONS, instruction)).isFalse();
  }
}
