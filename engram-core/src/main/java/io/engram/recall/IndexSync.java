package io.engram.recall;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a {@link RecallIndex} writes to its {@link SearchIndex}: each document under a hash of its content that names
 * the embedding model too (an index embedded by another model is re-embedded whole), re-indexed (and re-embedded) only
 * when that hash changed, removed when it left the set. With an embedding budget, a sync embeds for about that long and
 * indexes the rest by keywords alone, under a hash without the model's name, so that a later sync (or a background
 * catch-up, {@link VectorCatchUp}) embeds them: a large store new to the index is answered at once rather than after
 * minutes. Not thread-safe; the index serialises its callers.
 */
final class IndexSync {
  /** Documents embedded per model call. */
  static final int BATCH = 64;

  /**
   * What one sync did.
   *
   * @param report the counts the index reports
   * @param changed the ids of the documents new to the index or re-indexed
   */
  record Synced(RecallIndex.SyncReport report, Set<String> changed) {}

  private final SearchIndex index;
  private final Optional<Embedder> embedder;
  private final long embeddingBudgetNanos;
  // In a resident process the background catch-up embeds what already waits: a sync spends its budget on new content.
  private final boolean waitingLeftToCatchUp;
  // Documents the last sync left without a vector (the budget ran out, or the catch-up has them).
  private final Set<String> keywordOnly = new HashSet<>();

  /** See {@link RecallIndex#RecallIndex(SearchIndex, Optional, Duration, boolean)}. */
  IndexSync(SearchIndex index, Optional<Embedder> embedder, Duration embeddingBudget, boolean waitingLeftToCatchUp) {
    this.index = Objects.requireNonNull(index, "index");
    this.embedder = Objects.requireNonNull(embedder, "embedder");
    this.waitingLeftToCatchUp = waitingLeftToCatchUp;
    if (embeddingBudget.isNegative()) {
      throw new IllegalArgumentException("embeddingBudget is negative: " + embeddingBudget);
    }
    // Saturated: Duration.toNanos overflows past 292 years, and "forever" is the default.
    this.embeddingBudgetNanos = embeddingBudget.getSeconds() >= Long.MAX_VALUE / 4_000_000_000L ? Long.MAX_VALUE / 4
        : embeddingBudget.toNanos();
  }

  /** Makes the index hold exactly {@code wanted} (by id), re-indexing only the changed ones; commits. */
  Synced sync(Map<String, RecallDocument> wanted) {
    Map<String, String> indexed = index.contentHashes();
    List<RecallDocument> changed = new ArrayList<>();
    int added = 0;
    for (RecallDocument doc : wanted.values()) {
      String old = indexed.get(doc.id());
      if (old == null) {
        added++;
        changed.add(doc);
      } else if (!old.equals(indexedHash(doc))) {
        changed.add(doc);
      }
    }
    int removed = 0;
    for (String id : indexed.keySet()) {
      if (!wanted.containsKey(id)) {
        index.remove(id);
        removed++;
      }
    }
    keywordOnly.clear();
    Upserted done = upsertAll(changed, indexed);
    index.commit();
    return new Synced(new RecallIndex.SyncReport(added, changed.size() - added - done.waiting(), removed,
        wanted.size() - changed.size() + done.waiting(), done.unembedded()),
        changed.stream().map(RecallDocument::id).collect(Collectors.toSet()));
  }

  /** The ids of the documents the last sync left without a vector. */
  Set<String> keywordOnly() {
    return Collections.unmodifiableSet(keywordOnly);
  }

  /**
   * What indexing the changed documents did: {@code unembedded} were left keyword-only, {@code waiting} of them
   * already were (with this content) and were not touched.
   */
  private record Upserted(int unembedded, int waiting) {
    Upserted plus(int waitingMore) {
      return new Upserted(unembedded + waitingMore, waiting + waitingMore);
    }
  }

  private Upserted upsertAll(List<RecallDocument> changed, Map<String, String> indexed) {
    // New and changed content first: what already waits by keywords is found meanwhile, the new is not.
    List<RecallDocument> ordered = new ArrayList<>(changed.size());
    List<RecallDocument> waitingDocs = new ArrayList<>();
    for (RecallDocument doc : changed) {
      (waitsForVector(doc, indexed) ? waitingDocs : ordered).add(doc);
    }
    if (waitingLeftToCatchUp) {
      waitingDocs.forEach(d -> keywordOnly.add(d.id())); // indexed as they are: the catch-up embeds them
      return upsertEach(ordered, indexed).plus(waitingDocs.size());
    }
    ordered.addAll(waitingDocs);
    return upsertEach(ordered, indexed);
  }

  private Upserted upsertEach(List<RecallDocument> ordered, Map<String, String> indexed) {
    long start = System.nanoTime();
    int unembedded = 0;
    int waiting = 0;
    for (int from = 0; from < ordered.size(); from += BATCH) {
      List<RecallDocument> slice = ordered.subList(from, Math.min(ordered.size(), from + BATCH));
      // Elapsed time against the budget, not a deadline: nanoTime may be near the end of its range.
      boolean embedding = embedder.isPresent() && (from == 0 || System.nanoTime() - start < embeddingBudgetNanos);
      List<float[]> vectors = embedding
          ? embedder.get().embedAll(slice.stream().map(RecallDocument::searchText).toList()) : null;
      for (int i = 0; i < slice.size(); i++) {
        RecallDocument doc = slice.get(i);
        if (vectors == null && embedder.isPresent()) {
          unembedded++;
          keywordOnly.add(doc.id());
          if (waitsForVector(doc, indexed)) {
            waiting++;
            continue; // already indexed by keywords with this content: it waits for vectors made later
          }
        }
        Optional<float[]> vector = vectors == null ? Optional.empty() : Optional.of(vectors.get(i));
        // A keyword-only entry keeps the content's hash without the model's name, so a later sync embeds it.
        String hash = vector.isPresent() || embedder.isEmpty() ? indexedHash(doc) : doc.contentHash();
        index.upsert(new SearchIndex.Entry(doc.id(), hash, doc.name(), doc.description(), doc.indexedBody(), vector));
      }
    }
    return new Upserted(unembedded, waiting);
  }

  /**
   * Those of {@code docs} the index holds by keywords alone with their current content, in the order given: what
   * a background catch-up embeds ({@link VectorCatchUp}). Empty without an embedder.
   */
  List<RecallDocument> lackingVectors(Collection<RecallDocument> docs) {
    if (embedder.isEmpty()) {
      return List.of();
    }
    Map<String, String> indexed = index.contentHashes();
    return docs.stream().filter(d -> waitsForVector(d, indexed)).toList();
  }

  /**
   * Stores {@code vectors}, made by this index's embedder for {@code docs} in order, for those the index still holds
   * by keywords alone with the same content (one changed since is left to the next sync); commits.
   *
   * @return how many were stored
   * @throws IllegalArgumentException if the lists differ in length or there is no embedder
   */
  int addVectors(List<RecallDocument> docs, List<float[]> vectors) {
    if (docs.size() != vectors.size() || embedder.isEmpty()) {
      throw new IllegalArgumentException("addVectors needs an embedder and one vector per document, had "
          + vectors.size() + " for " + docs.size());
    }
    Map<String, String> indexed = index.contentHashes();
    int stored = 0;
    for (int i = 0; i < docs.size(); i++) {
      RecallDocument doc = docs.get(i);
      if (waitsForVector(doc, indexed)) {
        index.upsert(new SearchIndex.Entry(doc.id(), indexedHash(doc), doc.name(), doc.description(),
            doc.indexedBody(), Optional.of(vectors.get(i))));
        keywordOnly.remove(doc.id());
        stored++;
      }
    }
    index.commit();
    return stored;
  }

  /** With an embedder, whether {@code indexed} (id to stored hash) holds {@code doc} by keywords alone as it is now. */
  private static boolean waitsForVector(RecallDocument doc, Map<String, String> indexed) {
    return doc.contentHash().equals(indexed.get(doc.id()));
  }

  /** The hash the index keeps for {@code doc}: its content's, and the embedding model's name when vectors are in use. */
  private String indexedHash(RecallDocument doc) {
    return embedder.map(e -> doc.contentHash() + "+" + e.name()).orElse(doc.contentHash());
  }
}
