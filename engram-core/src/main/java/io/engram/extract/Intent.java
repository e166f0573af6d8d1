package io.engram.extract;

/**
 * A sentence that asks the agent to keep something, or to change how it works.
 *
 * @param kind what kind of request it is
 * @param rest the part of the sentence after the trigger words (the thing to keep)
 */
record Intent(Kind kind, String rest) {

  /** The families of request. */
  enum Kind {
    /** "remember that ...", "note that ...", "记住...": may be a fact or a rule. */
    EXPLICIT,
    /** "from now on", "always", "never", "以后都", "下次": a standing rule. */
    STANDING,
    /** "don't ...", "stop ...", "use X instead of Y", "不要...", "应该用X而不是Y". */
    CORRECTION,
    /** "yes, exactly, keep doing that", "对，就是这样": confirms the agent's previous approach. */
    CONFIRMATION
  }
}
