package io.engram.recall;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Keeps a {@link SearchIndex} in step with a set of memories and answers hybrid queries over it.
 *
 * <p>{@link #sync} compares each document's content hash with the one the index holds and re-indexes
 * (and re-embeds) only what changed; documents no longer present are removed. {@link #search} runs
 * BM25 and, when an embedder is present, vector search, and fuses the two rankings by reciprocal rank
 * fusion: {@code score = sum 1/(k + rank)}. If the embedder fails at query time the keyword ranking
 * alone is used. Not thread-safe for concurrent sync and search; callers serialise them.
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
      } else if (!old.equals(doc.contentHash())) {
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
            new SearchIndex.Entry(doc.id(), doc.contentHash(), doc.name(), doc.description(), doc.body(), vector));
      }
    }
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
    return search(query, perRetriever, fusionK, 1.0);
  }

  /** As {@link #search(String, int, int)}, with the vector ranking's RRF terms scaled by {@code vectorWeight}. */
  public List<Candidate> search(String query, int perRetriever, int fusionK, double vectorWeight) {
    List<SearchIndex.Hit> keyword = index.keywordSearch(query, perRetriever);
    return fuse(keyword, vectorHits(query, perRetriever, vectorWeight > 0), fusionK, vectorWeight);
  }

  /**
   * The fused ranking for {@code query} as the settings say: {@code candidatesPerRetriever} hits from each
   * retriever, fused by {@code fusion} (score-normalised with {@code vectorShare}, or RRF with
   * {@code fusionK} and {@code vectorWeight}), best first.
   */
  public List<Candidate> search(String query, io.engram.config.EngramSettings.Recall settings) {
    if (settings.fusion() == io.engram.config.EngramSettings.Fusion.RRF) {
      return search(query, settings.candidatesPerRetriever(), settings.fusionK(), settings.vectorWeight());
    }
    List<SearchIndex.Hit> keyword = index.keywordSearch(query, settings.candidatesPerRetriever());
    List<SearchIndex.Hit> vector = vectorHits(query, settings.candidatesPerRetriever(), settings.vectorShare() > 0);
    return fuseScores(keyword, vector, vector.isEmpty() ? 0 : settings.vectorShare());
  }

  private List<SearchIndex.Hit> vectorHits(String query, int limit, boolean wanted) {
    if (embedder.isEmpty() || query.isBlank() || !wanted) {
      return List.of();
    }
    try {
      return index.vectorSearch(embedder.get().embed(query), limit);
    } catch (RuntimeException e) {
      return List.of(); // an embedder failure must not lose recall: BM25 alone still answers
    }
  }

  /**
   * Score-normalised fusion (a convex combination): each retriever's scores are min-max normalised over
   * its own hits to 0..1 (a lone or tied list counts 1), a document missing from a list counts 0 there,
   * and the fused score is {@code (1 - vectorShare) * bm25' + vectorShare * cosine'}, best first. Unlike
   * RRF it keeps how far apart the scores are, not only their order.
   */
  public static List<Candidate> fuseScores(
      List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector, double vectorShare) {
    if (vectorShare < 0 || vectorShare > 1) {
      throw new IllegalArgumentException("vectorShare must be within 0..1, was " + vectorShare);
    }
    Map<String, double[]> acc = new HashMap<>();
    Map<String, int[]> ranks = new LinkedHashMap<>();
    addNormalised(keyword, 1 - vectorShare, 0, acc, ranks);
    addNormalised(vector, vectorShare, 1, acc, ranks);
    List<Candidate> out = new ArrayList<>(acc.size());
    for (Map.Entry<String, int[]> e : ranks.entrySet()) {
      int[] r = e.getValue();
      out.add(new Candidate(e.getKey(), acc.get(e.getKey())[0],
          r[0] == 0 ? OptionalInt.empty() : OptionalInt.of(r[0]), r[1] == 0 ? OptionalInt.empty() : OptionalInt.of(r[1])));
    }
    out.sort(Comparator.comparingDouble(Candidate::fused).reversed().thenComparing(Candidate::id));
    return out;
  }

  private static void addNormalised(List<SearchIndex.Hit> hits, double weight, int slot, Map<String, double[]> acc,
      Map<String, int[]> ranks) {
    double min = hits.stream().mapToDouble(SearchIndex.Hit::score).min().orElse(0);
    double max = hits.stream().mapToDouble(SearchIndex.Hit::score).max().orElse(0);
    for (int i = 0; i < hits.size(); i++) {
      String id = hits.get(i).id();
      double norm = max > min ? (hits.get(i).score() - min) / (max - min) : 1.0;
      acc.computeIfAbsent(id, x -> new double[1])[0] += weight * norm;
      ranks.computeIfAbsent(id, x -> new int[2])[slot] = i + 1;
    }
  }

  /** Reciprocal rank fusion of two rankings: each id scores {@code sum 1/(k + rank)}, best first. */
  public static List<Candidate> fuse(List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector, int k) {
    return fuse(keyword, vector, k, 1.0);
  }

  /** Weighted reciprocal rank fusion: vector terms count {@code vectorWeight / (k + rank)}. */
  public static List<Candidate> fuse(
      List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector, int k, double vectorWeight) {
    Map<String, double[]> acc = new HashMap<>();
    Map<String, int[]> ranks = new LinkedHashMap<>();
    for (int i = 0; i < keyword.size(); i++) {
      String id = keyword.get(i).id();
      acc.computeIfAbsent(id, x -> new double[1])[0] += 1.0 / (k + i + 1);
      ranks.computeIfAbsent(id, x -> new int[2])[0] = i + 1;
    }
    for (int i = 0; i < vector.size(); i++) {
      String id = vector.get(i).id();
      acc.computeIfAbsent(id, x -> new double[1])[0] += vectorWeight / (k + i + 1);
      ranks.computeIfAbsent(id, x -> new int[2])[1] = i + 1;
    }
    List<Candidate> out = new ArrayList<>(acc.size());
    for (Map.Entry<String, int[]> e : ranks.entrySet()) {
      int[] r = e.getValue();
      out.add(
          new Candidate(
              e.getKey(),
              acc.get(e.getKey())[0],
              r[0] == 0 ? OptionalInt.empty() : OptionalInt.of(r[0]),
              r[1] == 0 ? OptionalInt.empty() : OptionalInt.of(r[1])));
    }
    out.sort(Comparator.comparingDouble(Candidate::fused).reversed().thenComparing(Candidate::id));
    return out;
  }
}
