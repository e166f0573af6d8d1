package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LossRecordTest {

  @Test
  void collectsMissingSectionsAndLostKeyInformationFromAScore() {
    CompactionScore score =
        new CompactionScore(87.5, 90, 100, 100, 90, 0.3, 0.3, new CompactionScore.Evidence(
            List.of(SummarySection.PENDING_TASKS), Map.of(KeyKind.ERROR_MESSAGES, 50.0),
            Map.of(KeyKind.ERROR_MESSAGES, List.of("exit status 2")), List.of()));
    LossRecord r = LossRecord.fromScore(score);
    assertThat(r.of(LossRecord.Kind.SUMMARY_SECTION)).extracting(LossRecord.Entry::ref).containsExactly("7. Pending Tasks");
    assertThat(r.of(LossRecord.Kind.KEY_INFORMATION))
        .containsExactly(new LossRecord.Entry(LossRecord.Kind.KEY_INFORMATION, "error_messages", "exit status 2", 0));
  }

  @Test
  void recordsFilesNotRestoredWithTheirTokens() {
    RecoveryPlan plan =
        new RecoveryPlan(List.of(new RecoveryCandidate("a.java", 80, 10)),
            List.of(new RecoveryCandidate("big.java", 90, 9_000)), List.of(new RecoveryCandidate("c.md", 20, 500)), 1);
    LossRecord r = LossRecord.fromRecovery(plan);
    assertThat(r.entries()).extracting(LossRecord.Entry::ref).containsExactly("big.java", "c.md");
    assertThat(r.totalTokens()).isEqualTo(9_500);
  }

  @Test
  void plusKeepsOrderAndLeavesTheOriginalUnchanged() {
    LossRecord empty = LossRecord.empty();
    LossRecord one = empty.plus(new LossRecord.Entry(LossRecord.Kind.TOOL_OUTPUT, "toolu_1", "old Bash output", 1200));
    LossRecord two = one.plus(one);
    assertThat(empty.entries()).isEmpty();
    assertThat(two.entries()).hasSize(2);
    assertThat(two.of(LossRecord.Kind.TOOL_OUTPUT)).hasSize(2);
    assertThat(two.totalTokens()).isEqualTo(2_400);
  }

  @Test
  void entryRejectsNegativeTokens() {
    assertThatThrownBy(() -> new LossRecord.Entry(LossRecord.Kind.MESSAGE, "u1", "x", -1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
