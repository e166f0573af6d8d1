package io.engram.cli.demo;

import io.engram.config.EngramSettings;
import io.engram.context.ContextLevel;
import io.engram.context.ContextTimeline;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Follows the window level request by request through session one and says where each level was first crossed. */
final class DemoLevels {
  private final Map<ContextLevel, Map<String, Object>> firstAt = new LinkedHashMap<>();
  private ContextLevel level = ContextLevel.NORMAL;

  /** The level now (after the requests observed so far). */
  ContextLevel level() {
    return level;
  }

  /** A compaction emptied the window. */
  void compacted() {
    level = ContextLevel.NORMAL;
  }

  /** Takes the requests of turn {@code turn}: the points of the timeline after line {@code linesBefore}. */
  void observe(List<ContextTimeline.Point> points, int linesBefore, int turn) {
    for (ContextTimeline.Point p : points) {
      if (p.lineNumber() <= linesBefore || p.level().compareTo(level) <= 0) {
        continue;
      }
      for (ContextLevel l : ContextLevel.values()) {
        if (l.compareTo(level) > 0 && l.compareTo(p.level()) <= 0) {
          long tokens = p.actualTokens().orElse(p.estimatedTokens());
          firstAt.putIfAbsent(l, Map.of("turn", turn, "line", p.lineNumber(), "tokens", tokens,
              "percent", Math.round(1000.0 * tokens / p.windowTokens()) / 10.0));
        }
      }
      level = p.level();
    }
  }

  /** The warnings step: the first request above each threshold; fails unless all three were crossed. */
  DemoStep step(EngramSettings.Context settings) {
    List<String> lines = new ArrayList<>(List.of("Window " + DemoProject.WINDOW_TOKENS + " tokens; levels above "
        + pct(settings.warningRatio()) + " / " + pct(settings.urgentRatio()) + " / " + pct(settings.criticalRatio())
        + ":"));
    Map<String, Object> data = new LinkedHashMap<>();
    for (ContextLevel l : List.of(ContextLevel.WARNING, ContextLevel.URGENT, ContextLevel.CRITICAL)) {
      Map<String, Object> at = firstAt.get(l);
      if (at != null) {
        lines.add(String.format(Locale.ROOT, "  %-8s first at turn %s (%,d tokens, %s%%)%s",
            l.name().toLowerCase(Locale.ROOT), at.get("turn"), at.get("tokens"), at.get("percent"),
            l.compactsAutomatically() ? ": compaction is due" : ""));
        data.put(l.name().toLowerCase(Locale.ROOT), at);
      }
    }
    DemoStep step = DemoStep.ok("warnings", "Context window warnings", lines, data);
    return data.size() == 3 ? step : step.failed("session one did not cross all three levels: " + data.keySet());
  }

  private static String pct(double ratio) {
    return Math.round(ratio * 100) + "%";
  }
}
