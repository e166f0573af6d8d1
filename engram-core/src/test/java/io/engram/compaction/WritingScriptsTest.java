package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.Character.UnicodeScript;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scripts and the character pairs of grammar continuity leaves out. */
class WritingScriptsTest {

  @Test
  void aChatChineseRequestKeepsOnlyThePairsOfWhatItIsAbout() {
    assertThat(Continuity.words("这个是不是好难安装").keySet()).contains("好难", "安装")
        .doesNotContain("这个", "个是", "是不", "不是");
  }

  @Test
  void koreanEndingsAndJapaneseParticlesAreGrammar() {
    assertThat(Continuity.words("아까 업로드했었는데 비교한번해볼래").keySet()).contains("업로", "로드", "비교")
        .doesNotContain("했었", "었는", "는데");
    assertThat(Continuity.words("デッドロックを解消してください").keySet()).contains("デッ", "解消")
        .doesNotContain("して", "くだ");
  }

  @Test
  void aPairOfOneContentCharacterIsKept() {
    assertThat(WritingScripts.grammar("配置")).isFalse();
    assertThat(WritingScripts.grammar("是好")).isFalse();
    assertThat(WritingScripts.grammar("main")).isFalse();
  }

  @Test
  void aQuotedPhraseOfManyPairsDoesNotOutweighTheWordsAroundIt() {
    List<String> words = List.copyOf(Continuity.words("Rewrite the install script so that it checks the Python"
        + " version first and prints a clear error when the version is too old: 这个是不是好难安装呢").keySet());
    assertThat(WritingScripts.own(words)).containsExactly(UnicodeScript.LATIN);
    assertThat(WritingScripts.main(words)).contains(UnicodeScript.LATIN);
  }
}
