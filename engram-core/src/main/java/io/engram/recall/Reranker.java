package io.engram.recall;

import java.util.List;

/**
 * Picks the memories useful for a query, typically by asking a model (as Claude Code asks Sonnet to pick
 * at most five from the manifest).
 *
 * <p>Implementations return the ids they pick, best first, from the short list (what hybrid search found,
 * best first) or the manifest (the newest current memories, one line each); an empty list means none
 * helps. They may throw or name ids that are in neither; {@link Recaller} drops those and, if nothing
 * valid is left, keeps the hybrid order.
 */
public interface Reranker {

  /** The picked ids, best first, from {@code shortList} or {@code manifest}. */
  List<String> rerank(String query, List<RecallDocument> shortList, Manifest manifest);

  /** A short name for reasons, e.g. {@code model}. */
  default String name() {
    return "reranker";
  }
}
