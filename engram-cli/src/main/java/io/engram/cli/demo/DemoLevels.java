package io.engram.cli.demo;

import io.engram.config.ContextSettings;
import io.engram.context.ContextLevel;
import io.engram.context.ContextTimeline;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Follows the window level request by request through session one and says where each level was first crossed. */
final class DemoLevels {
  private final Map<ContextLevel, StepData.Crossing> firstAt = new EnumMap<>(ContextLevel.class);
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
      if (p.position().lineNumber() <= linesBefore || p.level().compareTo(level) <= 0) {
        continue;
      }
      for (ContextLevel l : ContextLevel.values()) {
        if (l.compareTo(level) > 0 && l.compareTo(p.level()) <= 0) {
          long tokens = p.actualTokens().orElse(p.estimatedTokens());
          firstAt.putIfAbsent(l, new StepData.Crossing(turn, p.position().lineNumber(), tokens,
              Math.round(1000.0 * tokens / p.windowTokens()) / 10.0));
        }
      }
      level = p.level();
    }
  }

  /** The warnings step: the first request above each threshold; fails unless all three were crossed. */
  DemoStep step(ContextSettings settings) {
    List<String> lines = new ArrayList<>(List.of("Window " + DemoProject.WINDOW_TOKENS + " tokens; levels above "
        + pct(settings.warningRatio()) + " / " + pct(settings.urgentRatio()) + " / " + pct(settings.criticalRatio())
        + ":"));
    List<ContextLevel> warned = List.of(ContextLevel.WARNING, ContextLevel.URGENT, ContextLevel.CRITICAL);
    for (ContextLevel l : warned) {
      StepData.Crossing at = firstAt.get(l);
      if (at != null) {
        lines.add(String.format(Locale.ROOT, "  %-8s first at turn %s (%,d tokens, %s%%)%s",
            l.name().toLowerCase(Locale.ROOT), at.turn(), at.tokens(), at.percent(),
            l.compactsAutomatically() ? ": compaction is due" : ""));
      }
    }
    StepData.Levels data = new StepData.Levels(Optional.ofNullable(firstAt.get(ContextLevel.WARNING)),
        Optional.ofNullable(firstAt.get(ContextLevel.URGENT)), Optional.ofNullable(firstAt.get(ContextLevel.CRITICAL)));
    DemoStep step = DemoStep.ok("warnings", "Context window warnings", lines, data);
    List<String> crossed = warned.stream().filter(firstAt::containsKey)
        .map(l -> l.name().toLowerCase(Locale.ROOT)).toList();
    return crossed.size() == warned.size() ? step
        : step.failed("session one did not cross all three levels: " + crossed);
  }

  private static String pct(double ratio) {
    return Math.round(ratio * 100) + "%";
  }
}
