package io.engram.extract;

/** Who produced the text of a turn; it decides how far the extractor trusts it. */
public enum TurnRole {
  /** The person using the agent: the only trusted source of instructions. */
  USER,
  /** The agent's own reply: context for confirmations, never a memory by itself. */
  ASSISTANT,
  /** Output of a tool (file contents, command output): untrusted, never an instruction. */
  TOOL_OUTPUT,
  /**
   * A tool call of the agent (the text is its command or input, {@link TurnText#call()} how it ended): what
   * the session did, from which repeated successful work establishes workflow facts.
   */
  TOOL_CALL
}
