package io.engram.config;

import java.util.Map;

/**
 * Context window sizes, warning levels, the request budget and the token
 * correction: o200k_base counts times {@code tokenCorrection} (or the entry of
 * {@code modelTokenCorrections} whose key the model name starts with) approximate Claude's counts.
 * The factors were fitted on the shared transcripts (docs/BENCHMARKS.md, "Transcripts and tokens").
 * {@code turnsLeft} says how the turns left before the critical level are estimated.
 */
public record ContextSettings(
    @Setting(byDefault = "200_000", min = 1, help = "Context window of a model without an entry in modelWindows")
        int defaultWindowTokens,
    @Setting(byDefault = "{'claude-sonnet-4-5[1m]': 1000000, 'claude-sonnet-4[1m]': 1000000}", min = 1,
        help = "Context window per model name") Map<String, Integer> modelWindows,
    @Setting(byDefault = "0.60", min = 0, max = 1, help = "Share of the window at which the warning level starts")
        double warningRatio,
    @Setting(byDefault = "0.80", min = 0, max = 1, help = "Share of the window at which the urgent level starts")
        double urgentRatio,
    @Setting(byDefault = "0.92", min = 0, max = 1, help = "Share of the window at which the critical level"
        + " starts") double criticalRatio,
    @Setting(byDefault = "0.05", min = 0, max = 1, help = "Share of a request's budget for the system prompt")
        double systemShare,
    @Setting(byDefault = "0.20", min = 0, max = 1, help = "Share of a request's budget for the summary")
        double summaryShare,
    @Setting(byDefault = "0.45", min = 0, max = 1, help = "Share of a request's budget for files")
        double filesShare,
    @Setting(byDefault = "0.30", min = 0, max = 1, help = "Share of a request's budget for messages")
        double messagesShare,
    @Setting(byDefault = "1.30", aboveMin = true, min = 0, help = "Factor from o200k_base token counts to"
        + " Claude's") double tokenCorrection,
    @Setting(byDefault = "{'claude-opus-4-6': 1.23, 'claude-haiku-4-5': 1.64}", aboveMin = true, min = 0,
        help = "That factor for the models whose name starts with the key") Map<String, Double>
        modelTokenCorrections,
    TurnsLeft turnsLeft) implements SettingsSection<ContextSettings> {
  public static final ContextSettings DEFAULTS = SettingDeclarations.defaults(ContextSettings.class);

  /** Keeps the maps unmodifiable, in the order given. */
  public ContextSettings {
    modelWindows = SettingMaps.copyOf(modelWindows);
    modelTokenCorrections = SettingMaps.copyOf(modelTokenCorrections);
  }

  /** These settings with other turn estimates. */
  public ContextSettings withTurnsLeft(TurnsLeft estimates) {
    return with("turnsLeft", estimates);
  }

  /**
   * How many turns a session has left before its window reaches the critical level: the tokens still free
   * below it divided by the mean growth of the session's last {@code recentTurns} turns, once it has at least
   * {@code minTurns}; before that, the typical ranges for a session at the warning level
   * ({@code warningLow}-{@code warningHigh} turns) and at the urgent level ({@code urgentLow}-{@code urgentHigh}).
   * A session's tally keeps its last {@link #TURNS_KEPT} turns, the most {@code recentTurns} may be.
   */
  public record TurnsLeft(
      @Setting(byDefault = "25", min = 0, help = "Fewest turns left shown at the warning level before the session"
          + " has a history") int warningLow,
      @Setting(byDefault = "30", min = 0, help = "Most turns left shown at the warning level before the session"
          + " has a history") int warningHigh,
      @Setting(byDefault = "8", min = 0, help = "Fewest turns left shown at the urgent level before the session has"
          + " a history") int urgentLow,
      @Setting(byDefault = "12", min = 0, help = "Most turns left shown at the urgent level before the session has"
          + " a history") int urgentHigh,
      @Setting(byDefault = "5", min = 1, max = TurnsLeft.TURNS_KEPT, help = "Last turns whose mean growth estimates"
          + " the turns left") int recentTurns,
      @Setting(byDefault = "2", min = 1, help = "Turns a session needs before its own growth is used")
          int minTurns) implements SettingsSection<TurnsLeft> {
    /**
     * The turns whose start a session's tally keeps ({@code ContextTally}): far more than the estimate looks at, and
     * few enough that the tally stays small however long the session runs.
     */
    public static final int TURNS_KEPT = 64;
    public static final TurnsLeft DEFAULTS = SettingDeclarations.defaults(TurnsLeft.class);
  }
}
