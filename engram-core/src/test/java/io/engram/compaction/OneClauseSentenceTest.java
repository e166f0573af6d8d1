package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A summary may say where the work is in one clause ("Just completed creating the vsaas-permission-guide skill."):
 * that says something, where a keyword, a name or a label says nothing.
 */
class OneClauseSentenceTest {
  @Test
  void aSentenceOfOneClauseSaysSomething() {
    assertThat(Prose.says("Just completed creating the vsaas-permission-guide skill.")).isTrue();
    assertThat(Prose.says("   Finished wiring the retry loop into upload.py.")).isTrue();
    assertThat(Prose.statement("Just completed creating the vsaas-permission-guide skill.")).isFalse();
  }

  @Test
  void keywordsNamesAndLabelsSayNothing() {
    assertThat(Prose.says("- vsaas-permission-guide\n- RbacPermissionManager\n- PERMISSION_ORG_SCOPE")).isFalse();
    assertThat(Prose.says("Current work done.")).isFalse();
    assertThat(Prose.says("AccessibleStafferChannel StafferChannelList Chat Sendbird Kyle Review.")).isFalse();
    assertThat(Prose.says("just completed creating the permission guide skill")).isFalse();
  }

  @Test
  void aOneClauseCurrentWorkCountsAsTheSection() {
    CompactionScore score = new CompactionScorer(io.engram.config.CompactionSettings.DEFAULTS, KeyInformation.none(),
        400, CompactionScorerTest.WORDS).score("8. Current Work:\n   Just completed creating the"
        + " vsaas-permission-guide skill. The final verification showed 16 total vsaas-* skills:\n   - vsaas-account\n");
    assertThat(score.evidence().missingSections()).doesNotContain(SummarySection.CURRENT_WORK);
  }
}
