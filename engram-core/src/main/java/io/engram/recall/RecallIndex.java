package io.engram.recall;

import io.engram.config.RecallSettings;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Keeps a {@link SearchIndex} in step with a set of memories and answers hybrid queries over it.
 *
 * <p>{@link #sync} re-indexes (and re-embeds) only what changed and removes what left, embedding within a budget
 * when it has one ({@link IndexSync}). {@link #search} runs BM25 and, when an embedder is present, vector search, and
 * fuses the rankings ({@link HybridSearch}); a memory the sync left keyword-only gets its cosine computed for the
 * query. If the embedder fails at query time the keyword ranking alone is used. The relevance floor of a query is
 * read on the same model ({@link #relevanceFloor}, {@link QueryFloors}). Not thread-safe for concurrent sync and search; callers
 * serialise them.
 */
public final class RecallIndex {

  /**
   * What one {@link #sync} did.
   *
   * @param added documents new to the index
   * @param updated documents whose content changed and were re-indexed
   * @param removed documents that left the set and were removed from the index
   * @param unchanged documents whose content hash matched and were not touched
   * @param unembedded documents left keyword-only because the embedding budget ran out; the next sync embeds them
   */
  public record SyncReport(int added, int updated, int removed, int unchanged, int unembedded) {
    /** A sync that embedded everything it indexed. */
    public SyncReport(int added, int updated, int removed, int unchanged) {
      this(added, updated, removed, unchanged, 0);
    }
  }

  /**
   * How many of a query's keyword hits still held by keywords alone get their cosine computed for the query, so the
   * relevance floor and the fusion see them as if embedded: ten texts cost one batch of the model, not a minute.
   */
  static final int EXACT_COSINES = 10;

  private final SearchIndex index;
  private final Optional<Embedder> embedder;
  private final IndexSync writes;
  private final Map<String, RecallDocument> documents = new LinkedHashMap<>();
  private final DocumentScripts scripts = new DocumentScripts();
  private final Optional<QueryVectors> queries;
  private final Optional<TokenMatch> tokenMatch;
  private final QueryFloors floors;

  /** An index over {@code index}, embedding with {@code embedder} when present, every changed document on sync. */
  public RecallIndex(SearchIndex index, Optional<Embedder> embedder) {
    this(index, embedder, ChronoUnit.FOREVER.getDuration());
  }

  /**
   * An index over {@code index} whose sync embeds changed documents for at most about {@code embeddingBudget} (at
   * least one batch of 64), indexing the rest by keywords alone until a later sync embeds them: a large store new to
   * the index is answered at once and gains vectors over the next calls, instead of the first call waiting for all.
   *
   * @throws IllegalArgumentException if {@code embeddingBudget} is negative
   */
  public RecallIndex(SearchIndex index, Optional<Embedder> embedder, Duration embeddingBudget) {
    this(index, embedder, embeddingBudget, false);
  }

  /**
   * As above; with {@code waitingLeftToCatchUp}, a sync embeds only new or changed content and leaves what is
   * already indexed by keywords with its current content to a background catch-up ({@link VectorCatchUp}).
   */
  RecallIndex(SearchIndex index, Optional<Embedder> embedder, Duration embeddingBudget, boolean waitingLeftToCatchUp) {
    this.index = Objects.requireNonNull(index, "index");
    this.embedder = Objects.requireNonNull(embedder, "embedder");
    this.writes = new IndexSync(index, embedder, embeddingBudget, waitingLeftToCatchUp);
    this.queries = embedder.map(QueryVectors::new);
    this.tokenMatch = embedder.map(e -> new TokenMatch(e, queries.orElseThrow()));
    this.floors = new QueryFloors(embedder, queries, scripts);
  }

  /** Makes the index hold exactly {@code docs}, re-indexing only the changed ones ({@link IndexSync}); commits. */
  public SyncReport sync(Collection<RecallDocument> docs) {
    Map<String, RecallDocument> wanted = new LinkedHashMap<>();
    for (RecallDocument doc : docs) {
      if (wanted.put(doc.id(), doc) != null) {
        throw new IllegalArgumentException("two recall documents share the id " + doc.id());
      }
    }
    IndexSync.Synced synced = writes.sync(wanted);
    documents.clear();
    documents.putAll(wanted);
    scripts.follow(wanted.values(), synced.changed());
    tokenMatch.ifPresent(t -> t.follow(wanted.values()));
    return synced.report();
  }

  /**
   * Those of {@code docs} the index holds by keywords alone with their current content, in the order given: what
   * a background catch-up embeds ({@link VectorCatchUp}). Empty without an embedder.
   */
  List<RecallDocument> lackingVectors(Collection<RecallDocument> docs) {
    return writes.lackingVectors(docs);
  }

  /**
   * Stores {@code vectors}, made by this index's embedder for {@code docs} in order, for those the index still holds
   * by keywords alone with the same content (one changed since is left to the next sync); commits.
   *
   * @return how many were stored
   * @throws IllegalArgumentException if the lists differ in length or there is no embedder
   */
  int addVectors(List<RecallDocument> docs, List<float[]> vectors) {
    return writes.addVectors(docs, vectors);
  }

  /** The documents of the last {@link #sync}, by id, in the order given. */
  public Map<String, RecallDocument> documents() {
    return Collections.unmodifiableMap(documents);
  }

  /**
   * Takes the reading of a query begun before this index was synced ({@link QueryAhead}), which the search then uses
   * instead of reading the query itself; without vectors, nothing.
   */
  void readAhead(QueryAhead ahead) {
    queries.ifPresent(q -> q.ahead(ahead));
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
  public List<Candidate> search(RecallQuery query, RecallSettings settings, Instant now) {
    RecallSettings read = embedder.map(e -> settings.readBy(e.reading(query.text()).model())).orElse(settings);
    List<Candidate> ranked = new HybridSearch(index, this::vectorHits, this::exactCosines, documents,
        scripts::otherThan, read).run(query, now);
    RecallSettings.Rescoring weights = settings.rescoring();
    List<Candidate> rescored = FeatureRescoring.rescore(query.text(), ranked, documents, weights);
    FeatureRescoring.TokenMatches matches = tokenMatch.map(t -> t.matches(query.text(), rescored, documents, weights))
        .orElse(FeatureRescoring.TokenMatches.NONE);
    return matches.own().isEmpty() && matches.reply().isEmpty() ? rescored
        : FeatureRescoring.rescore(query.text(), ranked, documents, weights, matches);
  }

  /**
   * Recall's ranking without vectors over an index another component keeps (the past sessions' turns): the keyword
   * steps of {@link #search(RecallQuery, RecallSettings, Instant)} and its last stage, which reads what
   * {@code known} says of each candidate (a candidate it does not name keeps its keyword score).
   */
  public static List<Candidate> keywordRanking(SearchIndex index, Map<String, RecallDocument> known, RecallQuery query,
      RecallSettings settings, Instant now) {
    List<Candidate> ranked = new HybridSearch(index, (text, limit) -> List.of(), (text, hits) -> List.of(), known,
        (id, script) -> false, settings).run(query, now);
    return FeatureRescoring.rescore(query.text(), ranked, known, settings.rescoring());
  }

  /**
   * The cosine between {@code query} and the nearest of the reference prompts in its script ({@link
   * RelevanceAnchors}); empty without an embedder, for a blank query, or when the model fails. See {@link QueryFloors}.
   */
  public OptionalDouble anchorCosine(String query) {
    return floors.anchorCosine(query);
  }

  /**
   * The cosine a memory must reach for {@code query} to clear the relevance floor by meaning, on the model that reads
   * the query; infinite without vectors or for a query the model does not read ({@link QueryFloors#vectorFloor}).
   */
  public double vectorFloor(String query, RecallSettings settings) {
    return floors.vectorFloor(query, settings);
  }

  /**
   * The cosine a memory that clears the floor by keywords must also reach for {@code query}, for a model with an anchor
   * margin; otherwise no bound ({@link QueryFloors#keywordGate}).
   */
  public double keywordGate(String query, RecallSettings settings) {
    return floors.keywordGate(query, settings);
  }

  /** The relevance floor of {@code query}, candidate by candidate ({@link QueryFloors#relevanceFloor}). */
  public RelevanceFloor relevanceFloor(String query, RecallSettings settings) {
    return floors.relevanceFloor(query, settings);
  }

  /** The model the vectors come from, when vector search takes part. */
  public Optional<String> vectorModel() {
    return embedder.map(Embedder::name);
  }

  /**
   * Whether the model reads {@code query}'s script ({@link Embedder#reads}); a query it does not read is searched and
   * floored by its words alone, as without a model.
   */
  public boolean readable(String query) {
    return floors.readable(query);
  }

  private List<SearchIndex.Hit> vectorHits(String query, int limit) {
    if (queries.isEmpty() || query.isBlank() || !readable(query)) {
      return List.of();
    }
    try {
      float[] vector = queries.get().vector(query);
      Script script = Script.of(query);
      return scripts.anyOtherThan(script)
          ? SecondReadings.search(index, embedder.get(), query, vector, limit, id -> scripts.otherThan(id, script))
          : index.vectorSearch(vector, limit);
    } catch (RuntimeException e) {
      return List.of(); // an embedder failure must not lose recall: BM25 alone still answers
    }
  }

  /**
   * The cosines with {@code query} of the first {@link #EXACT_COSINES} of {@code keywordHits} the last sync left
   * without a vector, computed now: a memory waiting for its vector is floored and fused by its meaning, not by
   * its words alone.
   */
  private List<SearchIndex.Hit> exactCosines(String query, List<SearchIndex.Hit> keywordHits) {
    Set<String> keywordOnly = writes.keywordOnly();
    if (queries.isEmpty() || keywordOnly.isEmpty() || query.isBlank() || !readable(query)) {
      return List.of();
    }
    List<RecallDocument> waiting = keywordHits.stream().map(h -> documents.get(h.id()))
        .filter(d -> d != null && keywordOnly.contains(d.id())).limit(EXACT_COSINES).toList();
    try {
      return queries.get().cosines(query, waiting);
    } catch (RuntimeException e) {
      return List.of(); // as for the vector search: the keywords still answer
    }
  }
}
