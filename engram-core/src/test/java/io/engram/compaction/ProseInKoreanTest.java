package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Korean spaces its words: a statement is three of them in a list item, or a line that ends as a sentence ends. */
class ProseInKoreanTest {

  @Test
  void aKoreanListOfPendingWorkSaysSomething() {
    assertThat(Prose.says("""
        - **Week 1 Day 3-4 테스트 작성** (raft_replication_test.fl)
          * testDataLossImpossible - 데이터 무결성 증명
          * 추가 5-10개 테스트
        """)).isTrue();
    assertThat(Prose.says("   * 통합 검증 함수")).isTrue();
  }

  @Test
  void aKoreanSentenceSaysSomething() {
    assertThat(Prose.says("Week 1 Day 3-4 구현이 진행중입니다:")).isTrue();
    assertThat(Prose.says("토큰은 로컬 메모리에 저장했다.")).isTrue();
  }

  @Test
  void twoKoreanWordsOrAFileNamedInKoreanSayNothing() {
    assertThat(Prose.says("- 테스트 작성")).isFalse();
    assertThat(Prose.says("- /Users/jooho/Downloads/드림산업 5월 택배건 정리.xlsx")).isFalse();
    assertThat(Prose.says("- /Users/jooho/드림산업/5월 택배건/정리")).isFalse();
    assertThat(Prose.says("미니멀러그 시어서커 블랭킷")).isFalse();
    assertThat(Prose.says("- 미니멀러그, 시어서커, 블랭킷")).isFalse();
  }
}
