package io.engram.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ContextSettings;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class LevelActionsTest {
  private static final ContextSettings S = ContextSettings.DEFAULTS;
  private static final ContextWindow WINDOW = new ContextWindow("m", 200_000, S);
  private final LevelActions policy = new LevelActions(S);

  @Test
  void eachLevelAddsItsActionToThoseBelowIt() {
    assertThat(policy.advise(WINDOW, 100_000, List.of()).actions()).isEmpty();
    assertThat(policy.advise(WINDOW, 121_000, List.of()).actions())
        .containsExactly(LevelAction.REFRESH_NOTES, LevelAction.TELL_AGENT);
    assertThat(policy.advise(WINDOW, 161_000, List.of()).actions())
        .containsExactly(LevelAction.REFRESH_NOTES, LevelAction.PREPARE_COMPACTION, LevelAction.TELL_AGENT);
    assertThat(policy.advise(WINDOW, 185_000, List.of()).actions()).containsExactly(LevelAction.REFRESH_NOTES,
        LevelAction.PREPARE_COMPACTION, LevelAction.COMPACT, LevelAction.TELL_AGENT);
  }

  @Test
  void theThresholdsAreStrictlyAbove() {
    assertThat(policy.advise(WINDOW, 120_000, List.of()).level()).isEqualTo(ContextLevel.NORMAL);
    assertThat(policy.advise(WINDOW, 120_001, List.of()).level()).isEqualTo(ContextLevel.WARNING);
    assertThat(policy.advise(WINDOW, 160_000, List.of()).level()).isEqualTo(ContextLevel.WARNING);
    assertThat(policy.advise(WINDOW, 184_001, List.of()).level()).isEqualTo(ContextLevel.CRITICAL);
  }

  @Test
  void turnsLeftComeFromTheSessionsOwnGrowthTowardsTheCriticalLevel() {
    // 184,000 is the critical level; 166,000 tokens now leaves 18,000; the last five turns average 3,000.
    LevelAdvice advice = policy.advise(WINDOW, 166_000, List.of(50_000L, 2_000L, 4_000L, 3_000L, 2_500L, 3_500L));
    assertThat(advice.percent()).isEqualTo(83);
    assertThat(advice.turnsLeft()).hasValueSatisfying(t -> {
      assertThat(t.basis()).isEqualTo(TurnEstimate.Basis.SESSION_GROWTH);
      assertThat(t.tokensPerTurn()).isEqualTo(3_000);
      assertThat(t.low()).isEqualTo(6);
      assertThat(t.high()).isEqualTo(6);
    });
    assertThat(advice.headline()).isEqualTo("context at 83%, about 6 turns left");
  }

  @Test
  void tooFewTurnsFallBackToTheTypicalRangeOfTheLevel() {
    assertThat(policy.advise(WINDOW, 125_000, List.of(3_000L)).headline()).isEqualTo("context at 62%, about 25-30 turns left");
    assertThat(policy.advise(WINDOW, 165_000, List.of()).headline()).isEqualTo("context at 82%, about 8-12 turns left");
    assertThat(policy.advise(WINDOW, 165_000, List.of()).turnsLeft().orElseThrow().basis())
        .isEqualTo(TurnEstimate.Basis.TYPICAL);
    // A session that shrank (tool outputs pruned) has no growth to divide by.
    assertThat(policy.advise(WINDOW, 165_000, List.of(-2_000L, 1_000L)).turnsLeft().orElseThrow().basis())
        .isEqualTo(TurnEstimate.Basis.TYPICAL);
    assertThat(policy.advise(WINDOW, 100_000, List.of()).turnsLeft()).isEmpty();
    assertThat(policy.advise(WINDOW, 190_000, List.of(3_000L, 3_000L)).turnsLeft()).isEmpty();
  }

  @Test
  void theTypicalRangesAreSettings() {
    ContextSettings mine = S.withTurnsLeft(new ContextSettings.TurnsLeft(40, 50, 10, 15, 3, 3));
    LevelActions custom = new LevelActions(mine);
    ContextWindow w = new ContextWindow("m", 200_000, mine);
    assertThat(custom.advise(w, 125_000, List.of(1_000L, 1_000L)).headline()).endsWith("about 40-50 turns left");
    assertThat(custom.advise(w, 125_000, List.of(9_000L, 1_000L, 1_000L, 1_000L)).turnsLeft().orElseThrow().low())
        .isEqualTo(59); // (184,000 - 125,000) / 1,000: only the last three turns count
  }

  @Property(tries = 200)
  void moreGrowthNeverMeansMoreTurnsLeft(@ForAll @LongRange(min = 0, max = 184_000) long tokens,
      @ForAll @LongRange(min = 1, max = 50_000) long growth) {
    int slow = policy.advise(WINDOW, tokens, List.of(growth, growth)).turnsLeft().map(TurnEstimate::low).orElse(0);
    int fast = policy.advise(WINDOW, tokens, List.of(growth + 1, growth + 1)).turnsLeft().map(TurnEstimate::low)
        .orElse(0);
    assertThat(fast).isLessThanOrEqualTo(slow);
  }
}
