package io.engram.dream;

/**
 * An older fact that a newer one contradicts; the older memory is to be marked superseded (kept, not
 * deleted).
 *
 * @param supersededId the older memory
 * @param supersedingId the newer memory that replaces it
 * @param kind which rule found it
 * @param olderStatement the sentence of the older memory
 * @param newerStatement the sentence of the newer memory that contradicts it
 */
public record Contradiction(
    String supersededId, String supersedingId, Kind kind, String olderStatement, String newerStatement) {

  /** The rule that found a contradiction. */
  public enum Kind {
    /** Two different members of one family of exclusive choices ("uses npm" / "uses pnpm"). */
    ALTERNATIVE,
    /** The same statement with the opposite polarity ("tests need Redis" / "no longer need Redis"). */
    NEGATION,
    /** The same key with another value ("port: 8080" / "port: 9090", "the build is red" / "is green"). */
    VALUE_CHANGE
  }
}
