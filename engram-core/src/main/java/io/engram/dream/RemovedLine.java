package io.engram.dream;

/**
 * A line {@link IndexPruner} dropped from the index.
 *
 * @param lineNumber its 1-based line number in the index before pruning
 * @param line the line
 * @param reason why it went
 */
record RemovedLine(int lineNumber, String line, Reason reason) {

  /** Why a line left the index. */
  public enum Reason {
    /** It points to a topic file that does not exist. */
    MISSING_FILE,
    /** An earlier line already points to the same file. */
    DUPLICATE,
    /** A blank line after another blank line, or at the start or end of the index. */
    BLANK_RUN,
    /** The index was over its line or byte limit and this was the least recently updated pointer. */
    OVER_LIMIT
  }
}
