package io.engram.dream;

import io.engram.memory.MemoryStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Plans a dream within its time budget ({@code dream.timeBudgetSeconds}, measured on the machine's own
 * clock, whatever clock the dream dates things by). Planning runs on a daemon thread; past the budget the
 * caller gets nothing and applies nothing, and the planning thread is told to stop at its next phase or item
 * (it writes nothing, so one that is still inside a long step can only waste time, never change files).
 */
final class PlanningBudget {
  private final Duration budget;

  PlanningBudget(Duration budget) {
    this.budget = budget;
  }

  /** The plan, or empty when it was not complete within the budget. */
  Optional<Consolidation.Planned> plan(Consolidation consolidation, MemoryStore store, Optional<Instant> since,
      DreamProgress progress) throws IOException {
    AtomicBoolean stop = new AtomicBoolean();
    CompletableFuture<Consolidation.Planned> planned = new CompletableFuture<>();
    Thread worker = new Thread(() -> {
      try {
        planned.complete(consolidation.plan(store, since, new Stoppable(progress, stop)));
      } catch (Throwable e) {
        planned.completeExceptionally(e);
      }
    }, "engram-dream-plan");
    worker.setDaemon(true);
    worker.start();
    try {
      return Optional.of(planned.get(budget.toMillis(), TimeUnit.MILLISECONDS));
    } catch (TimeoutException e) {
      stop.set(true);
      return Optional.empty();
    } catch (InterruptedException e) {
      stop.set(true);
      Thread.currentThread().interrupt();
      throw new IOException("the dream was interrupted while it planned; nothing was applied", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Stopped) {
        return Optional.empty();
      }
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof UncheckedIOException io) {
        throw io.getCause();
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(cause);
    }
  }

  /** Thrown on the planning thread at its next progress report once the budget is spent. */
  private static final class Stopped extends RuntimeException {
    Stopped() {
      super("dream planning stopped at its time budget", null, false, false);
    }
  }

  /** Passes progress on, and stops the planning thread at its next report once told to. */
  private record Stoppable(DreamProgress inner, AtomicBoolean stop) implements DreamProgress {
    @Override
    public void phase(DreamPhase phase, int items) {
      check();
      inner.phase(phase, items);
    }

    @Override
    public void item(String label) {
      check();
      inner.item(label);
    }

    private void check() {
      if (stop.get()) {
        throw new Stopped();
      }
    }
  }
}
