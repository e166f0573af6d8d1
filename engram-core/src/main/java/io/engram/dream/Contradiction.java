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
    /** Another port for the same thing ("the dev server runs on port 8080" / "dev server port is 9090"). */
    PORT,
    /** Another version of the same product for the same thing ("uses Java 17" / "Java 21 now"). */
    VERSION,
    /** Another path for the same thing ("the config file is at config/app.yml" / "... at conf/app.yaml"). */
    PATH,
    /** Another command for the same task ("run the tests with `mvn test`" / "tests: `./gradlew test`"). */
    COMMAND,
    /** The same key with another value ("default branch: develop" / "main", "the build is red" / "is green"). */
    VALUE_CHANGE
  }
}
