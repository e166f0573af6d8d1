package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Six Chinese, Japanese or Korean characters in a row are a sentence, unless they only name a file or a folder. */
class ProseInOtherScriptsTest {

  @Test
  void aRunOfChineseOrJapaneseIsASentence() {
    assertThat(Prose.says("- 把基金分类标签的提示词改成中文")).isTrue();
    assertThat(Prose.says("設定画面のレイアウトを修正しました")).isTrue();
  }

  @Test
  void aPathThroughFoldersNamedInChineseIsNoSentence() {
    assertThat(Prose.says("- /home/me/投资助理工作/基金分类标签/prompt")).isFalse();
    assertThat(Prose.says("`C:\\文档\\投资助理工作资料\\notes`")).isFalse();
  }

  @Test
  void aFileNamedInJapaneseIsNoSentence() {
    assertThat(Prose.says("- column/1万件の声を集めて気づいたこと.md")).isFalse();
  }

  @Test
  void aSentenceBesideAPathStillCounts() {
    assertThat(Prose.says("- 修改了提示词文件 /home/me/投资助理工作/prompt")).isTrue();
  }
}
