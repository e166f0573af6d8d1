package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkLabelsTest {
  private static final String ASKED = "Check all the changes made in phase 6 against the mitigation plan.";

  @Test
  void aNounTheRequestNumbersOnceAndTheSessionSaysAgainIsALabelOfTheWork() {
    WorkLabels labels = WorkLabels.of(ASKED, List.of(ASKED, "Reading the phase 6 section of Mitigation_plan.md."));
    assertThat(labels.byNoun()).isEqualTo(Map.of("phase", "6"));
  }

  @Test
  void aNumberNobodySaysAgainIsACountNotALabel() {
    String asked = "Tackle 10 of the review findings.";
    assertThat(WorkLabels.of(asked, List.of(asked, "Reading the review findings.")).byNoun()).isEmpty();
  }

  @Test
  void aNounTheRequestNumbersTwiceListsPlacesNotTheWork() {
    String asked = "Fix the parser at line 42 and line 57.";
    assertThat(WorkLabels.of(asked, List.of(asked, "line 42 reads past the end; line 57 too.")).byNoun()).isEmpty();
  }

  @Test
  void textThatNamesTheNounWithOtherNumbersOnlyContradictsTheWork() {
    WorkLabels labels = new WorkLabels(Map.of("phase", "6"));
    assertThat(labels.contradiction("- Audit the Phase 11 changes against REVIEW.md.\nThe phase 11 lint passes."))
        .contains("phase 11, not phase 6");
    assertThat(labels.contradiction("Phase 6 is audited; phase 7 is next.")).isEmpty();
    assertThat(labels.contradiction("The Phase 6b QC gates are in place.")).isEmpty();
    assertThat(labels.contradiction("The audit found five bugs; all are fixed.")).isEmpty();
  }

  @Test
  void aNumberAfterAHashIsAnIdWhateverWordComesBefore() {
    String asked = "Address the comments on PR #12.";
    WorkLabels labels = WorkLabels.of(asked, List.of(asked, "PR #12 has two open comments."));
    assertThat(labels.contradiction("Merge ticket #14 next.")).contains("#14, not #12");
    assertThat(labels.contradiction("Reply on #12, then merge it.")).isEmpty();
  }

  @Test
  void aNumberInsideANameOrFollowedByAUnitIsNoLabel() {
    String asked = "Make the phase 6 header 12px taller, as DECISIONS.md 5.3 says, by 2026-02-18.";
    WorkLabels labels = WorkLabels.of(asked, List.of(asked, asked + " phase 6 is the header's phase."));
    assertThat(labels.byNoun()).isEqualTo(Map.of("phase", "6"));
  }

  @Test
  void inChineseAndJapaneseTheNounIsTheWordNextToTheNumberWithoutASpace() {
    String asked = "检查第6阶段的所有修改是否一致。";
    WorkLabels zh = WorkLabels.of(asked, List.of(asked, "正在阅读阶段6，以及 Mitigation_plan.md。"));
    assertThat(zh.byNoun()).isEqualTo(Map.of("阶段", "6"));
    assertThat(zh.contradiction("- 审核第11阶段的修改。")).contains("阶段 11, not 阶段 6");
    assertThat(zh.contradiction("- 完成阶段11，然后提交。")).contains("阶段 11, not 阶段 6");
    assertThat(zh.contradiction("- 第6阶段已审核，第7阶段是下一步。")).isEmpty();

    String askedJa = "第6段階の変更をすべて確認してください。";
    WorkLabels ja = WorkLabels.of(askedJa, List.of(askedJa, "第6段階の計画を読んでいます。"));
    assertThat(ja.byNoun()).isEqualTo(Map.of("段階", "6"));
    assertThat(ja.contradiction("フェーズ 11 と第11段階の監査が次です。")).contains("段階 11, not 段階 6");
    WorkLabels katakana = new WorkLabels(Map.of("フェーズ", "6"));
    assertThat(katakana.contradiction("フェーズ11。監査が次です。")).contains("フェーズ 11, not フェーズ 6");
  }

  @Test
  void aNumberALetterFollowsIsACountOrAWordInChineseAndJapaneseNoLabel() {
    String asked = "还有3个测试失败，把标题加高12px，ファイル3つ。";
    WorkLabels labels = WorkLabels.of(asked, List.of(asked, asked, asked));
    assertThat(labels.byNoun()).isEmpty();
  }

  @Test
  void theLastItemOfAListSectionIsItsLastMessageWithItsContinuationLines() {
    String section = "   - **Message 1**: \"Implement the plan\"\n   - **Message 2**: \"Now check phase 6\n"
        + "     - its routes\n     - its tests\"\n";
    assertThat(WorkLabels.lastItem(section)).startsWith("   - **Message 2**").contains("its tests");
    assertThat(WorkLabels.lastItem("No list here.")).isEqualTo("No list here.");
  }
}
