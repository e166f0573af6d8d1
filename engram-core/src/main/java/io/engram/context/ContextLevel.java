package io.engram.context;

import io.engram.config.ContextSettings;

/** How full a context window is, and what the agent loop should do about it. */
public enum ContextLevel {
  /** At or below the warning ratio: compaction only when the user asks. */
  NORMAL,
  /** Above the warning ratio (60%): watch more often; the session notes are refreshed. */
  WARNING,
  /** Above the urgent ratio (80%): extra checks, prepare compaction, tell the agent. */
  URGENT,
  /** Above the critical ratio (92%): compact automatically. */
  CRITICAL;

  /** The level for a used/window ratio under the given thresholds. */
  public static ContextLevel of(double ratio, ContextSettings settings) {
    if (ratio > settings.criticalRatio()) {
      return CRITICAL;
    }
    if (ratio > settings.urgentRatio()) {
      return URGENT;
    }
    if (ratio > settings.warningRatio()) {
      return WARNING;
    }
    return NORMAL;
  }

  /** True when this level calls for automatic compaction. */
  public boolean compactsAutomatically() {
    return this == CRITICAL;
  }
}
