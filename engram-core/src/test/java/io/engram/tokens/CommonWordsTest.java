package io.engram.tokens;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The commonest words of running text, read off o200k_base's ranks. */
class CommonWordsTest {

  @Test
  void everydayWordsOfProseAndCodeAreCommon() {
    assertThat(CommonWords.common("read")).isTrue();
    assertThat(CommonWords.common("update")).isTrue();
    assertThat(CommonWords.common("accordingly")).isTrue();
    assertThat(CommonWords.common("config")).isTrue();
    assertThat(CommonWords.common("Current")).isTrue();
  }

  @Test
  void aWordOfOneFieldOrOneTheEncodingSplitsIsNotCommon() {
    assertThat(CommonWords.common("replication")).isFalse();
    assertThat(CommonWords.common("tokenizer")).isFalse();
    assertThat(CommonWords.common("compaction")).isFalse();
  }

  @Test
  void aWordWithItsPluralSTakenOffIsReadAsWritten() {
    // Continuity reads "status" as "statu", "analysis" as "analysi".
    assertThat(CommonWords.common("statu")).isTrue();
    assertThat(CommonWords.common("analysi")).isTrue();
  }

  @Test
  void namesNumbersAndOtherScriptsAreNeverCommon() {
    assertThat(CommonWords.common("report.md")).isFalse();
    assertThat(CommonWords.common("v4pro_file")).isFalse();
    assertThat(CommonWords.common("2024")).isFalse();
    assertThat(CommonWords.common("更新")).isFalse();
    assertThat(CommonWords.common("")).isFalse();
  }
}
