package io.engram.recall;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One document found by hybrid retrieval, with where each retriever ranked it and how well it matches.
 *
 * @param id the document's key
 * @param fused the fused score: reciprocal rank fusion's {@code sum 1 / (k + rank)}, or the convex
 *     combination of normalised scores ({@link RankFusion#scores}), then the activity, second-pass and date terms,
 *     weighed by keyword coverage
 * @param keywordRank 1-based BM25 rank for the query text, if BM25 found it
 * @param vectorRank 1-based vector rank for the query text, if vector search found it
 * @param coverage the IDF-weighted share of the query's terms (or the activity's, whichever is higher) the
 *     document holds ({@link SearchIndex#keywordCoverage}), what the relevance floor reads
 * @param cosine the document's cosine to the query, when vector search found it
 * @param routes the other ways it was found or lifted: {@code activity}, {@code second pass}, {@code dated}
 */
public record Candidate(String id, double fused, OptionalInt keywordRank, OptionalInt vectorRank, double coverage,
    OptionalDouble cosine, List<String> routes) {

  /** Copies the routes. */
  public Candidate {
    routes = List.copyOf(routes);
  }

  /** A candidate of one fused ranking, before coverage is known. */
  public Candidate(String id, double fused, OptionalInt keywordRank, OptionalInt vectorRank) {
    this(id, fused, keywordRank, vectorRank, 0, OptionalDouble.empty(), List.of());
  }

  /** Why retrieval found it, e.g. {@code bm25 #2 + vector #1} or {@code second pass, dated}. */
  public String retrievalReason() {
    List<String> parts = new ArrayList<>(2);
    keywordRank.ifPresent(r -> parts.add("bm25 #" + r));
    vectorRank.ifPresent(r -> parts.add("vector #" + r));
    String found = String.join(" + ", parts);
    if (routes.isEmpty()) {
      return found;
    }
    return found.isEmpty() ? String.join(", ", routes) : found + " (" + String.join(", ", routes) + ")";
  }

  /** Whether it clears the relevance floor: coverage at least {@code keywordFloor}, or a cosine at least {@code vectorFloor}. */
  public boolean clears(double keywordFloor, double vectorFloor) {
    return clears(keywordFloor, vectorFloor, Double.NEGATIVE_INFINITY);
  }

  /**
   * Whether it clears the relevance floor: coverage at least {@code keywordFloor} with a cosine, when it has one, at
   * least {@code keywordGate}; or a cosine at least {@code vectorFloor}.
   */
  public boolean clears(double keywordFloor, double vectorFloor, double keywordGate) {
    boolean vouched = cosine.isEmpty() || cosine.getAsDouble() >= keywordGate;
    return fused > 0 && ((coverage >= keywordFloor && vouched)
        || (cosine.isPresent() && cosine.getAsDouble() >= vectorFloor));
  }
}
