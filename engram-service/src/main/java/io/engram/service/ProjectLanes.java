package io.engram.service;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Background work, one lane per project: a project's tasks run one after another, in the order they came,
 * so two sessions of one project never extract or consolidate at the same time in this process (other
 * processes are kept apart by the file locks the work takes). Lanes of different projects share a fixed
 * pool of threads.
 */
final class ProjectLanes {
  private final ExecutorService pool;
  private final Map<Path, CompletableFuture<Void>> tails = new HashMap<>();
  private final AtomicInteger running = new AtomicInteger();

  ProjectLanes(int threads) {
    AtomicInteger n = new AtomicInteger();
    this.pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "engram-service-work-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
  }

  /** Runs {@code task} after everything queued before it for {@code project}. */
  synchronized CompletableFuture<Void> submit(Path project, Runnable task) {
    running.incrementAndGet();
    CompletableFuture<Void> tail = tails.getOrDefault(project, CompletableFuture.completedFuture(null));
    CompletableFuture<Void> next = tail.handle((v, e) -> null).thenRunAsync(() -> {
      try {
        task.run();
      } finally {
        running.decrementAndGet();
      }
    }, pool);
    tails.put(project, next);
    // A finished lane is dropped so the map does not grow with every project ever served.
    next.whenComplete((v, e) -> forget(project, next));
    return next;
  }

  private synchronized void forget(Path project, CompletableFuture<Void> done) {
    tails.remove(project, done);
  }

  /** Tasks queued or running. */
  int busy() {
    return running.get();
  }

  /** Stops taking work; lets what runs finish for up to {@code seconds}. */
  void shutdown(int seconds) throws InterruptedException {
    pool.shutdown();
    pool.awaitTermination(seconds, TimeUnit.SECONDS);
  }
}
