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
  void aMessageInAnotherLanguageIsKeptByItsWordsRetoldAsCognates() {
    String answer = "oui\nTu veux que je fasse le commit de ces changements ?";
    assertThat(in("6. All user messages:\n- \"oui\" (to commit the changes)").preserved(KeyKind.USER_INSTRUCTIONS,
        answer)).isTrue();
    assertThat(in("6. All user messages:\n- \"oui\" (to fix the remaining tests)").preserved(
        KeyKind.USER_INSTRUCTIONS, answer)).isFalse();
  }

  @Test
  void aMessageInAnotherLanguageWhoseFirstLineIsNotQuotedIsNotRetold() {
    String request = "Donne-moi un inventaire complet des workflows\net les nodes par workflow, les system prompts";
    assertThat(in("Listed every workflow with its nodes and the system prompts in place.").preserved(
        KeyKind.USER_INSTRUCTIONS, request)).isFalse();
  }

  @Test
  void anEnglishMessageIsNotReadByCognates() {
    assertThat(in("Implemented the notification system.").preserved(KeyKind.USER_INSTRUCTIONS,
        "implement notifications in the systems module")).isFalse();
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

  @Test
  void aQuotationCutByAnEllipsisKeepsTheLongMessageItOpens() {
    String message = "分析故障问题，确认根因\n日志文件路径：/Users/x/Downloads/car.log 问题描述：自动解锁功能失效\n时间点：2025-12-09";
    assertThat(in("- Provision of a real log file: \"分析故障问题，确认根因...\"")
        .preserved(KeyKind.USER_INSTRUCTIONS, message)).isTrue();
    String english = "Please refactor the billing export so that invoices are grouped by customer, then rerun the"
        + " nightly job and compare the totals with last month's report before you open the pull request.";
    assertThat(in("- \"Please refactor the billing export so that invoices are grouped by customer…\"")
        .preserved(KeyKind.USER_INSTRUCTIONS, english)).isTrue();
    assertThat(in("- \"…compare the totals with last month's report...\"")
        .preserved(KeyKind.USER_INSTRUCTIONS, english)).isTrue();
  }

  @Test
  void aCutQuotationKeepsNothingWhenItIsNotTheMessagesTextOrTooShort() {
    String english = "Please refactor the billing export so that invoices are grouped by customer, then rerun the"
        + " nightly job and compare the totals with last month's report before you open the pull request.";
    // Words of the message, but not its text: a retelling is judged by the content-word share, not as a quote.
    assertThat(in("- \"refactor billing export grouping invoices by customer...\"")
        .preserved(KeyKind.USER_INSTRUCTIONS, english)).isFalse();
    // Its text, but two content words: too little to tell the message.
    assertThat(in("- \"Please refactor the billing...\"").preserved(KeyKind.USER_INSTRUCTIONS, english)).isFalse();
    // Its text, four content words, but not cut: an ordinary quote is matched whole, as before.
    assertThat(in("- \"refactor the billing export so that invoices\"")
        .preserved(KeyKind.USER_INSTRUCTIONS, english)).isFalse();
    // Another message's opening does not keep this one.
    assertThat(in("- \"分析故障问题，确认根因...\"").preserved(KeyKind.USER_INSTRUCTIONS, "分析日志问题，确认原因并修复")).isFalse();
  }
}
