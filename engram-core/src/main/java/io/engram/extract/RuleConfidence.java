package io.engram.extract;

/**
 * How sure the offline rules are of what they read. These are a hand-made model's coefficients, set with the rules and
 * never fitted on a set: they rank what one turn yields (a turn keeps its most confident drafts, {@code
 * extraction.maxMemoriesPerTurn}) and decide which of two drafts of one name stays, so only their order means
 * anything. They are definitions, not settings: a user has nothing to tune in an order between kinds of reading.
 */
final class RuleConfidence {
  /** A rule the user stated for the agent ("always ...", "remember ..."): the plainest words a memory has. */
  static final double STATED = 0.9;
  /**
   * What the user said plainly, less plainly as a rule: a correction, a fact or a tool choice of the project, a link
   * of a kind it names, who the user is.
   */
  static final double SAID = 0.8;
  /** What the session's work showed (the command the tests pass with): seen done, never said. */
  static final double SHOWN = 0.75;
  /**
   * Read from words that say it less directly: an approach the agent described that the user then confirmed, the
   * services the tests need, a deadline.
   */
  static final double INFERRED = 0.7;
  /** Guessed from what was named: a package manager from a command alone, a link of no kind it knows. */
  static final double GUESSED = 0.6;

  private RuleConfidence() {}
}
