package io.engram.extract;

import io.engram.memory.MemorySource;

/** Where the knowledge of a candidate came from: its provenance, kept on every memory written. */
public enum CandidateSource {
  /** The user said it (or confirmed the agent's approach). */
  USER,
  /** It came from tool output: a file read, a command's output. Evidence only: never written by itself. */
  TOOL,
  /** A model inferred it from the conversation (the user did not state it as such). */
  MODEL,
  /**
   * What the session did established it: the agent's own tool calls, repeated with success (a test command,
   * a tracker's verbs, a check that refused a commit and passed after the fix). Only ever a project fact.
   */
  SESSION;

  /** The provenance a memory written from a candidate of this source records. */
  public MemorySource memorySource() {
    return switch (this) {
      case USER -> MemorySource.USER;
      case TOOL -> MemorySource.TOOL;
      case MODEL -> MemorySource.MODEL;
      case SESSION -> MemorySource.SESSION;
    };
  }
}
