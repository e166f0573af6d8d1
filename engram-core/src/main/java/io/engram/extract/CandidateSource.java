package io.engram.extract;

/** Where the knowledge of a candidate came from: its provenance, kept on every memory written. */
public enum CandidateSource {
  /** The user said it (or confirmed the agent's approach). */
  USER,
  /** It came from tool output: a file read, a command's output. */
  TOOL,
  /** A model inferred it from the conversation (the user did not state it as such). */
  MODEL
}
