package io.engram.transcript;

/** Who said a message: the person (or tool results sent on their behalf), the agent, or the harness. */
public enum Role {
  /** The person, or tool results sent back in the user's turn. */
  USER,
  /** The agent (model output). */
  ASSISTANT,
  /** The harness or system prompt. */
  SYSTEM
}
