package io.engram.hooks;

import io.engram.config.DreamSettings;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.dream.DreamOptions;
import io.engram.dream.DreamProgress;
import io.engram.dream.DreamResult;
import io.engram.dream.Gate;
import io.engram.dream.GateReport;
import io.engram.model.ModelRouter;
import io.engram.recall.Embedder;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The dream a session end may start: the gates are checked, and only when all three are open does the
 * dream run, to its end. Claude Code gives SessionEnd about 1.5 s, so this never runs in the hook call
 * itself: the resident service (or a process of its own) runs it after the hook has answered. A failing
 * dream is a log line, never an error: the session has ended already.
 */
final class DreamAtSessionEnd {
  private final Dream dream;
  private final DreamSettings settings;

  DreamAtSessionEnd(EngramRoots roots, EngramSettings settings, ModelRouter router, Clock clock,
      Optional<Supplier<Embedder>> embedder) {
    this.dream = new Dream(roots, settings, router, clock, embedder);
    this.settings = settings.dream();
  }

  void runIfDue(List<String> log) throws IOException {
    GateReport gates = dream.gates(false);
    if (!gates.open()) {
      log.add("dream not due: " + closed(gates));
      return;
    }
    try {
      DreamResult r = dream.run(DreamOptions.DEFAULT, DreamProgress.NONE);
      String did = r.outcome() == DreamResult.Outcome.PROPOSED
          ? r.proposed().size() + " change(s) to the review inbox" + (r.changes().isEmpty() ? "" : ", the index pruned,")
          : r.changes().size() + " change(s)";
      log.add("dream " + r.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + did + " over "
          + r.memories() + " memories and " + r.sessions().size() + " session(s) ("
          + r.engine() + ")" + r.runId().map(id -> "; undo with engram dream --undo (run " + id + ")").orElse(""));
    } catch (IOException | RuntimeException e) {
      log.add("dream failed: " + e.getMessage());
    }
  }

  private String closed(GateReport gates) {
    StringBuilder out = new StringBuilder();
    for (Gate g : gates.closed()) {
      out.append(out.length() == 0 ? "" : ", ").append(switch (g) {
        case TIME -> "less than " + settings.minHoursBetween() + " h since the last consolidation ("
            + gates.lastConsolidation().map(Object::toString).orElse("none") + ")";
        case SESSIONS -> gates.sessionsSince() + " of " + settings.minSessions() + " sessions that touched memory";
        case LOCK -> "another dream holds the lock";
      });
    }
    return out.toString();
  }
}
