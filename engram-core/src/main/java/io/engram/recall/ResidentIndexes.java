package io.engram.recall;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * On-disk search indexes a long-running process (the resident service) keeps open between recalls, so that a
 * call neither opens the index nor reads every stored hash again. Between calls nothing is held that another
 * process waits for: no lock file, no writer ({@link SearchIndex#release}); a call, under the index's lock,
 * takes the index back only while it is {@link SearchIndex#current} (no other process committed to it since),
 * and otherwise opens it again. An index is in one call's hands at a time. Thread-safe.
 */
public final class ResidentIndexes implements AutoCloseable {
  private final Map<Path, SearchIndex> kept = new HashMap<>();
  private final Set<Path> embedding = new HashSet<>();

  /** None kept yet. */
  public ResidentIndexes() {}

  /**
   * The index kept for {@code dir}, handed over to the caller (who holds the directory's lock) while it is still
   * what is stored; one that is not is closed. Empty: open it.
   */
  Optional<SearchIndex> take(Path dir) {
    SearchIndex index;
    synchronized (this) {
      index = kept.remove(dir);
    }
    if (index == null) {
      return Optional.empty();
    }
    if (index.current()) {
      return Optional.of(index);
    }
    closeQuietly(index);
    return Optional.empty();
  }

  /** Keeps {@code index} of {@code dir} for the next call, its writer released; closed instead when that fails. */
  void keep(Path dir, SearchIndex index) {
    try {
      index.release();
    } catch (RuntimeException e) {
      closeQuietly(index);
      return;
    }
    SearchIndex previous;
    synchronized (this) {
      previous = kept.put(dir, index);
    }
    if (previous != null && previous != index) {
      closeQuietly(previous);
    }
  }

  /**
   * Claims the embedding of what the index of {@code dir} still lacks for the caller: false when another task
   * already has it, so one index gets one background embedding at a time.
   */
  synchronized boolean claimEmbedding(Path dir) {
    return embedding.add(dir);
  }

  /** Gives up the claim {@link #claimEmbedding} took. */
  synchronized void endEmbedding(Path dir) {
    embedding.remove(dir);
  }

  /** How many indexes are having their missing vectors made ({@link #claimEmbedding}). */
  public synchronized int embedding() {
    return embedding.size();
  }

  /** How many indexes are kept open. */
  public synchronized int size() {
    return kept.size();
  }

  /** Closes every index kept. */
  @Override
  public void close() {
    Map<Path, SearchIndex> all;
    synchronized (this) {
      all = Map.copyOf(kept);
      kept.clear();
    }
    all.values().forEach(ResidentIndexes::closeQuietly);
  }

  private static void closeQuietly(SearchIndex index) {
    try {
      index.close();
    } catch (RuntimeException e) {
      // A cache that fails to close is opened again next time.
    }
  }
}
