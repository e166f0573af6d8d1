package io.engram.hooks;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.dream.DreamOptions;
import io.engram.dream.DreamProgress;
import io.engram.dream.DreamResult;
import io.engram.dream.Gate;
import io.engram.dream.GateReport;
import io.engram.model.ModelRouter;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The dream a session end may start: the gates are checked, and only when all three
 * are open does the dream run, on a daemon thread the hook waits for at most
 * {@code dream.hookWaitSeconds}. A dream still running then is abandoned with the process; its lock's
 * time is rolled back by the next run, which retries. A failing dream is logged, never thrown: the session
 * end must not fail the agent.
 */
final class SessionEndDream {
  private final Dream dream;
  private final EngramSettings.Dream settings;

  SessionEndDream(EngramRoots roots, EngramSettings settings, ModelRouter router, Clock clock) {
    this.dream = new Dream(roots, settings, router, clock);
    this.settings = settings.dream();
  }

  void maybeRun(List<String> log) throws IOException {
    GateReport gates = dream.gates(false);
    if (!gates.open()) {
      log.add("dream not due: " + closed(gates));
      return;
    }
    CompletableFuture<DreamResult> run = new CompletableFuture<>();
    Thread worker = new Thread(() -> {
      try {
        run.complete(dream.run(DreamOptions.DEFAULT, DreamProgress.NONE));
      } catch (IOException | RuntimeException e) {
        run.completeExceptionally(e);
      }
    }, "engram-dream");
    worker.setDaemon(true);
    worker.start();
    try {
      DreamResult r = run.get(settings.hookWaitSeconds(), TimeUnit.SECONDS);
      log.add("dream " + r.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + r.changes().size()
          + " change(s) over " + r.memories() + " memories and " + r.sessions().size() + " session(s) ("
          + r.engine() + ")" + r.runId().map(id -> "; undo with engram dream --undo (run " + id + ")").orElse(""));
    } catch (TimeoutException e) {
      log.add("dream still running after " + settings.hookWaitSeconds() + " s; left unfinished, the next session"
          + " end retries");
    } catch (ExecutionException e) {
      log.add("dream failed: " + e.getCause().getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      log.add("dream interrupted");
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
