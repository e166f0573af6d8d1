package io.engram.extract;

import io.engram.redact.SecretRedactor;
import java.util.Objects;

/**
 * A tool call the agent made in a turn, with how it ended: the raw material of workflow facts (what the
 * session did repeatedly and successfully). What the tool printed is evidence only, never an instruction.
 *
 * @param tool the tool's name ({@code Bash}, {@code Edit}, {@code mcp__linear__create_issue})
 * @param input what the agent asked of it: the command line for a shell, else a short form of the input
 * @param outcome whether the tool reported success, an error, or nothing within the turns read
 * @param output the start of what the tool returned (empty when nothing)
 */
public record ToolCall(String tool, String input, Outcome outcome, String output) {

  /** How a call ended. */
  public enum Outcome {
    /** The tool returned without an error flag. */
    SUCCEEDED,
    /** The tool reported an error (non-zero exit, refused, rejected). */
    FAILED,
    /** No result within the turns read. */
    UNKNOWN
  }

  public ToolCall {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(output, "output");
    // Like TurnText: what the extractor reads of a call holds no secret (a token in a curl header, a printed key).
    input = SecretRedactor.standard().redact(input).text();
    output = SecretRedactor.standard().redact(output).text();
  }

  /** True for a shell command ({@code Bash}, or a tool named like a shell). */
  public boolean shell() {
    String t = tool.toLowerCase(java.util.Locale.ROOT);
    return t.equals("bash") || t.equals("shell") || t.equals("run_shell_command") || t.endsWith("__bash");
  }

  /** True when the tool returned without an error flag. */
  public boolean succeeded() {
    return outcome == Outcome.SUCCEEDED;
  }
}
