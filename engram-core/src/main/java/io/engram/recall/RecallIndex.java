package io.engram.recall;

import io.engram.config.EngramSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Keeps a {@link SearchIndex} in step with a set of memories and answers hybrid queries over it.
 *
 * <p>{@link #sync} compares each document's content hash with the one the index holds and re-indexes
 * (and re-embeds) only what changed; documents no longer present are removed. The hash the index keeps
 * names the embedding model too, so an index embedded by another model is re-embedded whole. {@link
 * #search} runs BM25 and, when an embedder is present, vector search, and fuses the rankings ({@link
 * HybridSearch}). If the embedder fails at query time the keyword ranking alone is used. Not thread-safe
 * for concurrent sync and search; callers serialise them.
 */
public final class RecallIndex {

  /**
   * What one {@link #sync} did.
   *
   * @param added documents new to the index
   * @param updated documents whose content changed and were re-indexed
   * @param removed documents that left the set and were removed from the index
   * @param unchanged documents whose content hash matched and were not touched
   */
  public record SyncReport(int added, int updated, int removed, int unchanged) {}

  private final SearchIndex index;
  private final Optional<Embedder> embedder;
  private final Map<String, RecallDocument> documents = new LinkedHashMap<>();

  /** An index over {@code index}, embedding with {@code embedder} when present. */
  public RecallIndex(SearchIndex index, Optional<Embedder> embedder) {
    this.index = Objects.requireNonNull(index, "index");
    this.embedder = Objects.requireNonNull(embedder, "embedder");
  }

  /** Makes the index hold exactly {@code docs}, re-indexing only the changed ones; commits. */
  public SyncReport sync(Collection<RecallDocument> docs) {
    Map<String, String> indexed = index.contentHashes();
    Map<String, RecallDocument> wanted = new LinkedHashMap<>();
    for (RecallDocument doc : docs) {
      if (wanted.put(doc.id(), doc) != null) {
        throw new IllegalArgumentException("two recall documents share the id " + doc.id());
      }
    }
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
    upsertAll(changed);
    index.commit();
    documents.clear();
    documents.putAll(wanted);
    return new SyncReport(added, changed.size() - added, removed, wanted.size() - changed.size());
  }

  private void upsertAll(List<RecallDocument> changed) {
    int batch = 64;
    for (int from = 0; from < changed.size(); from += batch) {
      List<RecallDocument> slice = changed.subList(from, Math.min(changed.size(), from + batch));
      List<float[]> vectors =
          embedder.map(e -> e.embedAll(slice.stream().map(RecallDocument::searchText).toList())).orElse(null);
      for (int i = 0; i < slice.size(); i++) {
        RecallDocument doc = slice.get(i);
        Optional<float[]> vector = vectors == null ? Optional.empty() : Optional.of(vectors.get(i));
        index.upsert(
            new SearchIndex.Entry(doc.id(), indexedHash(doc), doc.name(), doc.description(), doc.indexedBody(), vector));
      }
    }
  }

  /** The hash the index keeps for {@code doc}: its content's, and the embedding model's name when vectors are in use. */
  private String indexedHash(RecallDocument doc) {
    return embedder.map(e -> doc.contentHash() + "+" + e.name()).orElse(doc.contentHash());
  }

  /** The documents of the last {@link #sync}, by id, in the order given. */
  public Map<String, RecallDocument> documents() {
    return java.util.Collections.unmodifiableMap(documents);
  }

  /** Whether vector search takes part. */
  public boolean hybrid() {
    return embedder.isPresent();
  }

  /**
   * The fused ranking for {@code query}: up to {@code perRetriever} hits from each retriever, fused with
   * RRF constant {@code fusionK}, both rankings weighted equally, best first.
   */
  public List<Candidate> search(String query, int perRetriever, int fusionK) {
    List<SearchIndex.Hit> keyword = index.keywordSearch(query, perRetriever);
    return RankFusion.reciprocalRanks(keyword, vectorHits(query, perRetriever), fusionK, 1.0);
  }

  /**
   * The ranking for {@code query} as the settings say ({@link HybridSearch}: the text's BM25 and vectors
   * fused, the activity, a second pass and the dates the text names), each candidate with its keyword
   * coverage and cosine for the relevance floor; relative dates count back from {@code now}.
   */
  public List<Candidate> search(RecallQuery query, EngramSettings.Recall settings, Instant now) {
    List<Candidate> ranked = new HybridSearch(index, this::vectorHits, documents, settings).run(query, now);
    return FeatureRescoring.rescore(query.text(), ranked, documents, settings.rescoring());
  }

  /**
   * Recall's ranking without vectors over an index another component keeps (the past sessions' turns): the keyword
   * steps of {@link #search(RecallQuery, EngramSettings.Recall, Instant)} and its last stage, which reads what
   * {@code known} says of each candidate (a candidate it does not name keeps its keyword score).
   */
  public static List<Candidate> keywordRanking(SearchIndex index, Map<String, RecallDocument> known, RecallQuery query,
      EngramSettings.Recall settings, Instant now) {
    List<Candidate> ranked = new HybridSearch(index, (text, limit) -> List.of(), known, settings).run(query, now);
    return FeatureRescoring.rescore(query.text(), ranked, known, settings.rescoring());
  }

  /** The model the vectors come from, when vector search takes part. */
  public Optional<String> vectorModel() {
    return embedder.map(Embedder::name);
  }

  private List<SearchIndex.Hit> vectorHits(String query, int limit) {
    if (embedder.isEmpty() || query.isBlank()) {
      return List.of();
    }
    try {
      return index.vectorSearch(embedder.get().embedQuery(query), limit);
    } catch (RuntimeException e) {
      return List.of(); // an embedder failure must not lose recall: BM25 alone still answers
    }
  }
}
