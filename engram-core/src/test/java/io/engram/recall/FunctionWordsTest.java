package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FunctionWordsTest {

  @Test
  void wordsThatSayWhatAQuestionIsAboutCarryContent() {
    assertThat(FunctionWords.carriesContent("deploy")).isTrue();
    assertThat(FunctionWords.carriesContent("Redis")).isTrue();
    assertThat(FunctionWords.carriesContent("2023")).isTrue();
  }

  @Test
  void questionWordsStopWordsAndPunctuationCarryNone() {
    assertThat(FunctionWords.carriesContent("When")).isFalse();
    assertThat(FunctionWords.carriesContent("did")).isFalse();
    assertThat(FunctionWords.carriesContent("the")).isFalse();
    assertThat(FunctionWords.carriesContent("of")).isFalse();
    assertThat(FunctionWords.carriesContent("?")).isFalse();
    assertThat(FunctionWords.carriesContent("")).isFalse();
  }

  @Test
  void aWordThatOnlyStartsLikeAFunctionWordCarriesContent() {
    assertThat(FunctionWords.carriesContent("dock")).isTrue();
    assertThat(FunctionWords.carriesContent("whence")).isTrue();
  }

  @Test
  void stripLeavesWhatTheQuestionIsAbout() {
    assertThat(FunctionWords.strip("when can we deploy?").strip()).isEqualTo("deploy?");
  }

  @Test
  void stripBlanksChineseQuestionWordsPronounsAndParticlesSoNoCharacterPairSpansThem() {
    assertThat(FunctionWords.strip("数据库的字符集该怎么选？")).isEqualTo("数据库 字符集该 选？");
    assertThat(FunctionWords.strip("我们为什么不用它呢")).isEqualTo("  不用它 ");
  }

  @Test
  void chineseWordsThatHoldAFunctionCharacterKeepIt() {
    assertThat(FunctionWords.strip("先了解目的")).isEqualTo("先了解目的");
  }

  @Test
  void aChineseCharacterCarriesContentUnlessItIsOnlyEverPartOfAFunctionWord() {
    assertThat(FunctionWords.carriesContent("库")).isTrue();
    assertThat(FunctionWords.carriesContent("解")).isTrue();
    assertThat(FunctionWords.carriesContent("什")).isFalse();
    assertThat(FunctionWords.carriesContent("么")).isFalse();
    assertThat(FunctionWords.carriesContent("的")).isFalse();
    assertThat(FunctionWords.carriesContent("怎么")).isFalse();
    assertThat(FunctionWords.carriesContent("数据")).isTrue();
  }
}
