package io.engram.recall;

import io.engram.memory.MemoryChanges;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * On-disk search indexes a long-running process (the resident service) keeps open between recalls, so that a
 * call neither opens the index nor reads every stored hash again. Between calls nothing is held that another
 * process waits for: no lock file, no writer ({@link SearchIndex#release}); a call, under the index's lock, takes
 * the index back and otherwise opens it again. An index is in one call's hands at a time. Thread-safe.
 *
 * <p>Kept {@linkplain #ResidentIndexes(MemoryChanges) following a process's store events} (the service's, which
 * watch the memory directories), an index is handed back as it is while no change to any memory was told since it
 * was kept: a call then asks the index directory nothing. Once a change is told, the next call asks whether another
 * process committed to the index since ({@link SearchIndex#current}) and opens it again if one did. Kept without
 * them, or where the events do not cover other processes ({@link MemoryChanges#stamp} empty), every call asks. What
 * another process commits without changing a memory (vectors its recall embedded, a reindex) is seen at the next
 * change told; until then the kept index lacks only that work, which this process's sync, driven by the memory
 * files, does again at worst.
 */
public final class ResidentIndexes implements AutoCloseable {
  /** An index kept for the next call, with the store events' stamp when it was kept (empty: always ask). */
  private record Kept(SearchIndex index, OptionalLong stamp) {}

  private final Map<Path, Kept> kept = new HashMap<>();
  private final Set<Path> embedding = new HashSet<>();
  private final Optional<MemoryChanges> changes;

  /** None kept yet; every call asks the index directory whether another process committed. */
  public ResidentIndexes() {
    this.changes = Optional.empty();
  }

  /**
   * None kept yet; a kept index is handed back without asking its directory while {@code changes} (the events every
   * store of the process is opened with) tell no change.
   */
  public ResidentIndexes(MemoryChanges changes) {
    this.changes = Optional.of(changes);
  }

  /**
   * The index kept for {@code dir}, handed over to the caller (who holds the directory's lock) while it is still
   * what is stored (see the class comment); one that is not is closed. Empty: open it.
   */
  Optional<SearchIndex> take(Path dir) {
    Kept k;
    synchronized (this) {
      k = kept.remove(dir);
    }
    if (k == null) {
      return Optional.empty();
    }
    if (k.stamp().isPresent() && k.stamp().equals(stamp()) || k.index().current()) {
      return Optional.of(k.index());
    }
    closeQuietly(k.index());
    return Optional.empty();
  }

  /** Keeps {@code index} of {@code dir} for the next call, its writer released; closed instead when that fails. */
  void keep(Path dir, SearchIndex index) {
    // Stamped before the release: a change told from here on makes the next call ask.
    OptionalLong stamp = stamp();
    try {
      index.release();
    } catch (RuntimeException e) {
      closeQuietly(index);
      return;
    }
    Kept previous;
    synchronized (this) {
      previous = kept.put(dir, new Kept(index, stamp));
    }
    if (previous != null && previous.index() != index) {
      closeQuietly(previous.index());
    }
  }

  private OptionalLong stamp() {
    return changes.map(MemoryChanges::stamp).orElse(OptionalLong.empty());
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
    Map<Path, Kept> all;
    synchronized (this) {
      all = Map.copyOf(kept);
      kept.clear();
    }
    all.values().forEach(k -> closeQuietly(k.index()));
  }

  private static void closeQuietly(SearchIndex index) {
    try {
      index.close();
    } catch (RuntimeException e) {
      // A cache that fails to close is opened again next time.
    }
  }
}
