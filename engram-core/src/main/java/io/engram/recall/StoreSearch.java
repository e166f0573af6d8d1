package io.engram.recall;

import io.engram.config.RecallSettings;
import io.engram.memory.ProjectMemory;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * One recall's search of the store: the store listed as {@link StoreDocuments}, the project's index opened and synced
 * for the call ({@link ProjectIndex}), a {@link Recaller} run over it for the session, an in-memory index standing in
 * when the search fails on the index, and what the answer says about how it was found ({@link #retrieval}). Not
 * synchronized: {@link MemoryRecall} holds its lock around a call.
 */
final class StoreSearch {
  private final ProjectMemory memory;
  private final Optional<Reranker> reranker;
  private final Clock clock;
  private final LoadedEmbedder model;
  private final ProjectIndex projectIndex;
  // Where a query's reading by the model begins while the store is listed and the index synced (a resident process's).
  private final Optional<Executor> queryReading;

  StoreSearch(ProjectMemory memory, Optional<Reranker> reranker, Clock clock, LoadedEmbedder model,
      ProjectIndex projectIndex, Optional<Executor> queryReading) {
    this.memory = memory;
    this.reranker = reranker;
    this.clock = clock;
    this.model = model;
    this.projectIndex = projectIndex;
    this.queryReading = queryReading;
  }

  /** How recall finds memories with {@code used} (empty: by keywords only): {@code bm25 + vectors (<model>)}. */
  static String retrieval(Optional<Embedder> used) {
    return used.map(e -> "bm25 + vectors (" + e.name() + ")").orElse("bm25");
  }

  /**
   * The answer to {@code query} for a session that was already sent {@code surfacedNames} and {@code sessionBytes};
   * {@code session} is only reported back.
   */
  MemoryRecall.Outcome run(RecallQuery query, Set<String> surfacedNames, int sessionBytes, Optional<String> session,
      RecallSettings settings) throws IOException {
    List<String> notes = new ArrayList<>();
    Optional<String> warming = Optional.empty();
    Optional<Embedder> embedder;
    try {
      embedder = model.get();
    } catch (EmbedderNotReady e) {
      embedder = Optional.empty();
      warming = Optional.of(e.getMessage());
      notes.add("keyword search only for now: " + e.getMessage());
    }
    model.problem().ifPresent(p -> notes.add("vectors off: " + p));
    // A model that does not read the prompt's script leaves it to keywords (RecallIndex#readable).
    boolean unread = embedder.isPresent() && !embedder.get().reads(Script.of(query.text()));
    List<QueryAhead> ahead = queryReading.isEmpty() || embedder.isEmpty() ? List.of()
        : QueryAhead.beginAll(query, settings, embedder.get(), queryReading.get());
    StoreDocuments docs = StoreDocuments.of(memory.list().memories(), clock.instant());
    Set<String> surfacedIds = docs.ids(surfacedNames);
    RecallResult result;
    String where;
    boolean vectors;
    try (OpenedIndex opened = projectIndex.open(docs, embedder, notes)) {
      ahead.forEach(opened.index::readAhead);
      where = opened.description;
      vectors = opened.index.hybrid() && !unread;
      if (opened.unembedded > 0) {
        notes.add(opened.unembedded + " of " + docs.all().size() + " memories are not embedded yet: found by keywords"
            + " until the next recalls (or a reindex) embed them");
        projectIndex.catchUpLater();
      }
      try {
        result = new Recaller(opened.index, settings, reranker, clock, surfacedIds, sessionBytes).recall(query);
      } catch (RuntimeException e) {
        opened.failed();
        throw e;
      }
    } catch (RuntimeException e) {
      notes.add("search failed on the index (" + e.getMessage() + "); this call searched an in-memory index");
      try (OpenedIndex fallback = OpenedIndex.inMemory(docs.all(), Optional.empty(), "search failed")) {
        where = fallback.description;
        vectors = false;
        result = new Recaller(fallback.index, settings, reranker, clock, surfacedIds, sessionBytes).recall(query);
      }
    }
    Optional<Embedder> used = vectors ? embedder : Optional.empty();
    String retrieval = used.isPresent() ? retrieval(used)
        : warming.isPresent() ? "bm25; vectors once the embedding model has loaded"
        : unread ? "bm25 (" + embedder.get().name() + " does not read this query's script)" : "bm25";
    return new MemoryRecall.Outcome(result, retrieval, where, session, notes);
  }
}
