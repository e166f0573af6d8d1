package io.engram.context;

import io.engram.config.ContextSettings;
import java.util.Map;

/**
 * A model's context window: its size in tokens, and how full a given token count makes it.
 *
 * @param model the model name it was looked up for ("" when unknown)
 * @param windowTokens the window size
 * @param settings the level thresholds and budget shares that apply to it
 */
public record ContextWindow(String model, int windowTokens, ContextSettings settings) {
  public ContextWindow {
    if (windowTokens <= 0) {
      throw new IllegalArgumentException("window size must be positive, was " + windowTokens);
    }
  }

  /**
   * The window of {@code model}: an exact entry of {@code modelWindows}, else the longest entry the
   * name starts with (so dated model ids match their family), else the default window.
   */
  public static ContextWindow forModel(String model, ContextSettings settings) {
    Integer exact = settings.modelWindows().get(model);
    if (exact != null) {
      return new ContextWindow(model, exact, settings);
    }
    String best = "";
    int size = settings.defaultWindowTokens();
    for (Map.Entry<String, Integer> e : settings.modelWindows().entrySet()) {
      if (model.startsWith(e.getKey()) && e.getKey().length() > best.length()) {
        best = e.getKey();
        size = e.getValue();
      }
    }
    return new ContextWindow(model, size, settings);
  }

  /** The share of the window {@code usedTokens} fill (may exceed 1). */
  public double ratio(long usedTokens) {
    return (double) Math.max(0, usedTokens) / windowTokens;
  }

  /** The level {@code usedTokens} put the window at. */
  public ContextLevel level(long usedTokens) {
    return ContextLevel.of(ratio(usedTokens), settings);
  }

  /** Tokens still free, never negative. */
  public long free(long usedTokens) {
    return Math.max(0, windowTokens - Math.max(0, usedTokens));
  }

  /** The request budget for this window. */
  public ContextBudget budget() {
    return ContextBudget.of(windowTokens, settings);
  }
}
