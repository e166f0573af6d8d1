package io.engram.recall;

import java.util.List;

/**
 * Re-orders a short list of recall candidates, typically by asking a model which memories are useful
 * for the query (as Claude Code asks Sonnet to pick at most five).
 *
 * <p>Implementations return the ids they pick, best first. They may throw, return nothing, or name
 * ids that are not in the short list; {@link Recaller} then drops the bad ids and, if none is left,
 * falls back to the hybrid order. A reranker never sees documents outside the short list.
 */
public interface Reranker {

  /** The picked ids of {@code shortList}, best first. */
  List<String> rerank(String query, List<RecallDocument> shortList);

  /** A short name for reasons, e.g. {@code model}. */
  default String name() {
    return "reranker";
  }
}
