package io.engram.extract;

import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Code a person pastes is not the person speaking: what a program says to its users and a comment describing the
 * statement beside it are blanked; a comment addressed to whoever edits the code, and every word of prose, stay.
 */
class CodeLinesTest {

  @Test
  void whatAProgramSaysToItsUsersIsNoRule() {
    assertThat(user("    alert('数量已经为1，请不要再减');")).isEmpty();
    assertThat(user("        raise ConfigError(\"never use an absolute path here\")")).isEmpty();
    assertThat(user("    title_hint: '禁止使用 URL',")).isEmpty();
  }

  @Test
  void aCommentBesideAStatementDescribesItUnlessItAddressesTheReader() {
    assertThat(user("    pool_size=5,  # 连接前先检查，避免使用失效连接")).isEmpty();
    assertThat(user("retries = 3  // never raise this above 3, the gateway bans us")).singleElement()
        .satisfies(m -> assertThat(m.body()).startsWith("never raise this above 3"));
  }

  @Test
  void blankingKeepsOffsetsAndLeavesProseAlone() {
    String text = "Don't use foo(); use bar() instead.\nx = load()  # loads\n// 此文件由工具生成，请勿直接修改。";
    String blanked = CodeLines.blank(text);
    assertThat(blanked).hasSameSizeAs(text).startsWith("Don't use foo(); use bar() instead.\n")
        .endsWith("\n// 此文件由工具生成，请勿直接修改。");
    assertThat(blanked.split("\n")[1]).isBlank();
  }

  @Test
  void aChineseAvoidInsideAClauseSaysWhatForNotWhatNotToDo() {
    assertThat(user("这个判断只是避免调用方把工厂当作函数来用。")).isEmpty();
    assertThat(user("避免使用全局变量，使用模块级的常量。")).singleElement();
  }
}
