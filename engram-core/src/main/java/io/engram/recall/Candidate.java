package io.engram.recall;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * One document found by hybrid retrieval, with where each retriever ranked it.
 *
 * @param id the document's key
 * @param fused the fused score: reciprocal rank fusion's {@code sum 1 / (k + rank)}, or the convex
 *     combination of normalised scores ({@link RecallIndex#fuseScores})
 * @param keywordRank 1-based BM25 rank, if BM25 found it
 * @param vectorRank 1-based vector rank, if vector search found it
 */
public record Candidate(String id, double fused, OptionalInt keywordRank, OptionalInt vectorRank) {

  /** Why retrieval found it, e.g. {@code bm25 #2 + vector #1}. */
  public String retrievalReason() {
    List<String> parts = new ArrayList<>(2);
    keywordRank.ifPresent(r -> parts.add("bm25 #" + r));
    vectorRank.ifPresent(r -> parts.add("vector #" + r));
    return String.join(" + ", parts);
  }
}
