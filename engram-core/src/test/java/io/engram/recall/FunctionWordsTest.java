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
}
