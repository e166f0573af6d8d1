package io.engram.recall;

import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One slice of a resident process's background catch-up: embeds, for up to {@link #BUDGETS_A_SLICE} embedding
 * budgets, the memories the on-disk index holds by keywords alone. The index's lock is held only to read what
 * is lacking and to store each {@link #STORE_CHUNK} vectors made, never while the model runs, so the recalls asked
 * meanwhile wait for neither the model nor a slice; a vector whose memory changed while it was made is dropped (the
 * next recall's sync embeds the new content).
 */
final class VectorCatchUp {
  /**
   * How many embedding budgets one slice embeds for: the lock is not held meanwhile, so a longer slice costs the
   * recalls nothing and saves a read of every stored hash per budget.
   */
  static final int BUDGETS_A_SLICE = 5;

  /**
   * How many vectors are stored under one hold of the lock (one commit). Storing 1,500 at once held the index for
   * 1.4 to 4.0 s (past the 1 s a recall waits, recall.indexWaitMillis, before it searches an in-memory index by
   * keywords alone); 256 at a time hold it for at most about 0.1 s, and stored 10,000 in 8.2 s of commits in all,
   * against 14.6 s at 64 a commit.
   */
  static final int STORE_CHUNK = 4 * IndexSync.BATCH;

  private final MemoryRecall.IndexOpener opener;
  private final Path dir;
  private final ResidentIndexes resident;
  private final Embedder embedder;
  private final long sliceNanos;
  // How long a slice waits for a recall holding the index (recall.catchUpIndexWaitMillis).
  private final Duration indexWait;

  /**
   * The catch-up of the index in {@code dir}, kept open in {@code resident}, embedding for {@code budget} per budget,
   * waiting up to {@code indexWait} for a recall holding the index.
   */
  VectorCatchUp(MemoryRecall.IndexOpener opener, Path dir, ResidentIndexes resident, Embedder embedder,
      Duration budget, Duration indexWait) {
    this.opener = opener;
    this.dir = dir;
    this.resident = resident;
    this.embedder = embedder;
    this.sliceNanos = budget.toNanos() * BUDGETS_A_SLICE;
    this.indexWait = indexWait;
  }

  /**
   * Embeds a slice of what the index lacks among {@code docs} (the store's memories now) and stores it.
   *
   * @return whether any is still left (also when the index was busy: the next slice tries again)
   */
  boolean run(Collection<RecallDocument> docs) throws IOException {
    Optional<List<RecallDocument>> lacking = underLock(index -> index.lackingVectors(docs));
    if (lacking.isEmpty()) {
      return true;
    }
    List<RecallDocument> todo = lacking.get();
    if (todo.isEmpty()) {
      return false;
    }
    long start = System.nanoTime();
    int from = 0;
    while (from < todo.size() && (from == 0 || System.nanoTime() - start < sliceNanos)) {
      List<RecallDocument> chunk = todo.subList(from, Math.min(todo.size(), from + STORE_CHUNK));
      // One text at a time, not embedAll's texts side by side: the other core stays free for the recalls asked
      // meanwhile, and under load the whole catch-up took no longer (docs/BENCHMARKS.md, "Recalls while the rest
      // is embedded").
      List<float[]> vectors = new ArrayList<>(chunk.size());
      chunk.forEach(d -> vectors.add(embedder.embed(d.searchText())));
      if (underLock(index -> index.addVectors(chunk, vectors)).isEmpty()) {
        return true;
      }
      from += chunk.size();
    }
    return from < todo.size();
  }

  /**
   * {@code work} on the index under its lock (the one kept open, when it still is what is stored), the index kept
   * again before the lock goes; empty when another process held the lock too long.
   */
  private <T> Optional<T> underLock(Function<RecallIndex, T> work) throws IOException {
    Optional<FileLock> lock = OpenedIndex.lock(dir, indexWait);
    if (lock.isEmpty()) {
      return Optional.empty();
    }
    try (FileLock held = lock.get()) {
      Optional<SearchIndex> kept = resident.take(dir);
      SearchIndex search = kept.isPresent() ? kept.get() : opener.open(dir);
      T result;
      try {
        result = work.apply(new RecallIndex(search, Optional.of(embedder)));
      } catch (RuntimeException e) {
        OpenedIndex.closeQuietly(search); // the next recall opens it again, or rebuilds it
        throw e;
      }
      resident.keep(dir, search);
      return Optional.of(result);
    }
  }
}
