package io.engram.recall;

import io.engram.fs.ErrorText;
import io.engram.fs.FileLock;
import io.engram.fs.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A {@link RecallIndex} opened and synced for one recall call, with what it took to get there.
 *
 * <p>The on-disk index is a cache of the memory files: when another process holds it, this call uses an
 * in-memory index; when it cannot be opened or synced (corrupt, unreadable), it is deleted and rebuilt,
 * and if that fails too, an in-memory keyword index answers, as it does when the index's directory or lock cannot
 * be written at all (a read-only home). Opening never fails the recall. A resident
 * process keeps the index open between calls ({@link ResidentIndexes}): taken back under the lock while no other
 * process committed to it, handed back, writer released, before the lock is.
 */
final class OpenedIndex implements AutoCloseable {
  final RecallIndex index;
  final String description;
  /** Documents this call's sync left keyword-only (the embedding budget ran out); the next syncs embed them. */
  final int unembedded;
  private final SearchIndex search;
  private final Optional<FileLock> lock;
  // Where the on-disk index goes when the call is done, instead of being closed (a resident process's).
  private final Optional<ResidentIndexes> keepIn;
  private final Path dir;
  private boolean failed;

  private OpenedIndex(RecallIndex index, String description, SearchIndex search, Optional<FileLock> lock) {
    this(index, description, 0, search, lock, Optional.empty(), Path.of(""));
  }

  private OpenedIndex(RecallIndex index, String description, int unembedded, SearchIndex search,
      Optional<FileLock> lock, Optional<ResidentIndexes> keepIn, Path dir) {
    this.index = index;
    this.description = description;
    this.unembedded = unembedded;
    this.search = search;
    this.lock = lock;
    this.keepIn = keepIn;
    this.dir = dir;
  }

  /** Whether this is the on-disk index (not an in-memory one standing in because it was busy or unusable). */
  boolean onDisk() {
    return lock.isPresent();
  }

  /** Marks the index as not to be kept: the call went wrong with it. */
  void failed() {
    failed = true;
  }

  /** An in-core index in memory holding {@code docs}; keyword only when {@code embedder} is empty. */
  static OpenedIndex inMemory(Collection<RecallDocument> docs, Optional<Embedder> embedder, String why) {
    InMemorySearchIndex search = new InMemorySearchIndex();
    RecallIndex index = new RecallIndex(search, embedder);
    index.sync(docs);
    return new OpenedIndex(index, "in memory (" + why + ")", search, Optional.empty());
  }

  /**
   * The on-disk index in {@code dir}, in step with {@code docs} (see the class comment for the fallbacks), waiting
   * up to {@code indexWait} for another process's use of it (recall.indexWaitMillis); with {@code
   * resident}, the index kept there from an earlier call is used when it is still what is
   * stored, and the index is kept there again when this call is done; the sync embeds for about {@code
   * embeddingBudget}, only new or changed content when {@code waitingLeftToCatchUp} (a background {@link
   * VectorCatchUp} embeds the rest).
   */
  static OpenedIndex onDisk(MemoryRecall.IndexOpener opener, Path dir, Collection<RecallDocument> docs,
      Optional<Embedder> embedder, List<String> notes, Optional<ResidentIndexes> resident, Duration indexWait,
      Duration embeddingBudget, boolean waitingLeftToCatchUp) throws IOException {
    Optional<FileLock> lock;
    try {
      lock = lock(dir, indexWait);
    } catch (IOException e) {
      // A home recall cannot write in (read-only, or a file where the index's directory goes) still answers.
      notes.add("the index " + dir + " cannot be opened (" + ErrorText.of(e) + "); this call searched an in-memory"
          + " keyword index");
      return inMemory(docs, Optional.empty(), "on-disk index cannot be written");
    }
    if (lock.isEmpty()) {
      // Keywords only: embedding every memory again in memory would take longer than waiting (minutes at 10,000).
      notes.add("the index " + dir + " is in use by another process; this call searched an in-memory keyword index");
      return inMemory(docs, Optional.empty(), "on-disk index busy");
    }
    for (int attempt = 1; attempt <= 2; attempt++) {
      SearchIndex search = null;
      try {
        Optional<SearchIndex> kept = attempt == 1 ? resident.flatMap(r -> r.take(dir)) : Optional.empty();
        search = kept.isPresent() ? kept.get() : opener.open(dir);
        RecallIndex index = new RecallIndex(search, embedder, embeddingBudget, waitingLeftToCatchUp);
        RecallIndex.SyncReport r = index.sync(docs);
        String how = r.added() + r.updated() + r.removed() == 0 ? "unchanged"
            : r.added() + " added, " + r.updated() + " updated, " + r.removed() + " removed";
        return new OpenedIndex(index, "on disk at " + dir + (kept.isPresent() ? ", kept open" : "") + " (" + how + ", "
            + r.unchanged() + " unchanged)", r.unembedded(), search, lock, resident, dir);
      } catch (RuntimeException e) {
        closeQuietly(search);
        notes.add("the index " + dir + " could not be used (" + e.getMessage() + ")"
            + (attempt == 1 ? "; deleted and rebuilt" : "; this call searched an in-memory index"));
        FileTrees.delete(dir);
      }
    }
    lock.get().close();
    return inMemory(docs, Optional.empty(), "on-disk index unusable");
  }

  @Override
  public void close() throws IOException {
    try {
      if (keepIn.isPresent() && !failed) {
        keepIn.get().keep(dir, search); // under the lock: the next call takes it back under the lock too
      } else {
        closeQuietly(search);
      }
    } finally {
      if (lock.isPresent()) {
        lock.get().close();
      }
    }
  }

  /** The lock of the on-disk index in {@code dir}, waiting up to {@code wait} for another holder; empty if busy. */
  static Optional<FileLock> lock(Path dir, Duration wait) throws IOException {
    Files.createDirectories(dir.getParent());
    return FileLock.tryAcquire(dir.resolveSibling(dir.getFileName() + ".lock"), wait);
  }

  static void closeQuietly(SearchIndex search) {
    if (search == null) {
      return;
    }
    try {
      search.close();
    } catch (RuntimeException e) {
      // A cache that fails to close is rebuilt next time; recall's answer is already made.
    }
  }
}
