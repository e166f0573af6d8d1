package io.engram.context;

import io.engram.config.ContextSettings;
import java.util.List;
import java.util.Optional;

/**
 * The policy for a filling window: at the warning level (above 60% by default) the session notes are
 * refreshed and the agent told; at the urgent level (80%) a compaction is prepared as well; at the critical
 * level (92%) the compaction runs. The turns left before the critical level come from the session's own
 * growth (the tokens still free below it over the mean growth of its recent turns) and, while it has too
 * few turns to measure, from the typical ranges for the level ({@code context.turnsLeft}: 25-30 at warning,
 * 8-12 at urgent).
 */
public final class LevelActions {
  private final ContextSettings settings;

  /** The policy under {@code settings}' levels and turn estimates. */
  public LevelActions(ContextSettings settings) {
    this.settings = settings;
  }

  /** The advice for a {@link ContextReading}. */
  public LevelAdvice advise(ContextReading reading) {
    return advise(reading.window(), reading.tokens(), reading.turnGrowth());
  }

  /**
   * The advice for a window holding {@code tokens}, whose turns grew by {@code turnGrowth} tokens each
   * (oldest first; only the last {@code context.turnsLeft.recentTurns} count).
   */
  public LevelAdvice advise(ContextWindow window, long tokens, List<Long> turnGrowth) {
    ContextLevel level = ContextLevel.of(window.ratio(tokens), settings);
    int percent = (int) Math.floor(window.ratio(tokens) * 100 + 1e-9);
    return new LevelAdvice(level, percent, tokens, window.windowTokens(), turnsLeft(window, tokens, level, turnGrowth),
        actions(level));
  }

  /** What is done at {@code level}: everything of the levels below it too, so a jump skips nothing. */
  public static List<LevelAction> actions(ContextLevel level) {
    return switch (level) {
      case NORMAL -> List.of();
      case WARNING -> List.of(LevelAction.REFRESH_NOTES, LevelAction.TELL_AGENT);
      case URGENT -> List.of(LevelAction.REFRESH_NOTES, LevelAction.PREPARE_COMPACTION, LevelAction.TELL_AGENT);
      case CRITICAL -> List.of(LevelAction.REFRESH_NOTES, LevelAction.PREPARE_COMPACTION, LevelAction.COMPACT,
          LevelAction.TELL_AGENT);
    };
  }

  private Optional<TurnEstimate> turnsLeft(ContextWindow window, long tokens, ContextLevel level, List<Long> growth) {
    ContextSettings.TurnsLeft seeds = settings.turnsLeft();
    if (level == ContextLevel.CRITICAL) {
      return Optional.empty(); // nothing is left to count: the compaction is due now
    }
    List<Long> recent = growth.subList(Math.max(0, growth.size() - seeds.recentTurns()), growth.size());
    long mean = meanGrowth(recent);
    if (recent.size() >= seeds.minTurns() && mean > 0) {
      long free = (long) Math.floor(settings.criticalRatio() * window.windowTokens()) - tokens;
      int turns = (int) Math.min(Integer.MAX_VALUE, Math.max(0, free / mean));
      return Optional.of(new TurnEstimate(turns, turns, TurnEstimate.Basis.SESSION_GROWTH, mean));
    }
    return switch (level) {
      case WARNING -> Optional.of(new TurnEstimate(seeds.warningLow(), seeds.warningHigh(), TurnEstimate.Basis.TYPICAL, 0));
      case URGENT -> Optional.of(new TurnEstimate(seeds.urgentLow(), seeds.urgentHigh(), TurnEstimate.Basis.TYPICAL, 0));
      default -> Optional.empty();
    };
  }

  private static long meanGrowth(List<Long> growth) {
    return growth.isEmpty() ? 0 : Math.round(growth.stream().mapToLong(Long::longValue).average().orElse(0));
  }
}
