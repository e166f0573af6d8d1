package io.engram.recall;

import java.util.List;

/**
 * What recall returned for one turn, and what it left out.
 *
 * @param query the text recall searched for
 * @param memories the chosen memories, in the order to inject them
 * @param leftOut candidates considered but not sent, each with the reason
 * @param turnBytes bytes sent this turn
 * @param sessionBytes bytes sent in the session so far, this turn included
 * @param reranked whether a reranker's order was used (false when absent or fallen back)
 */
public record RecallResult(
    String query, List<RecalledMemory> memories, List<LeftOut> leftOut, int turnBytes, int sessionBytes,
    boolean reranked) {

  /** A candidate that recall did not send. */
  public record LeftOut(String id, String reason) {}

  /** Copies the lists. */
  public RecallResult {
    memories = List.copyOf(memories);
    leftOut = List.copyOf(leftOut);
  }
}
