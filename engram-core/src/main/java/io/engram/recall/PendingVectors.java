package io.engram.recall;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Executor;

/**
 * Embeds, on a resident process's executor, what a recall's sync left keyword-only (a store new to its index takes
 * minutes to embed): one slice per task, each task queueing the next while anything is left, so the work
 * interleaves with the calls queued on the same executor. One run per index at a time ({@link
 * ResidentIndexes#claimEmbedding}).
 */
final class PendingVectors {
  /** One slice of the work: a sync that embeds for about the budget; returns whether any is still left. */
  interface Slice {
    boolean run() throws IOException;
  }

  private final Executor executor;
  private final ResidentIndexes resident;

  PendingVectors(Executor executor, ResidentIndexes resident) {
    this.executor = executor;
    this.resident = resident;
  }

  /** Starts running {@code slice} for the index in {@code dir} until nothing is left, unless a run already goes. */
  void start(Path dir, Slice slice) {
    if (resident.claimEmbedding(dir)) {
      submit(dir, slice);
    }
  }

  private void submit(Path dir, Slice slice) {
    try {
      executor.execute(() -> runOnce(dir, slice));
    } catch (RuntimeException rejected) {
      resident.endEmbedding(dir); // the executor is shutting down: the next recall's sync goes on
    }
  }

  private void runOnce(Path dir, Slice slice) {
    boolean more = false;
    try {
      more = slice.run();
    } catch (IOException e) {
      throw new UncheckedIOException("embedding what recall's index in " + dir + " lacks failed", e);
    } finally {
      if (more) {
        submit(dir, slice);
      } else {
        resident.endEmbedding(dir);
      }
    }
  }
}
