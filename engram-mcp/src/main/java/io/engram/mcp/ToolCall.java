package io.engram.mcp;

import io.engram.mcp.transport.CallControl;
import io.engram.transcript.CodingAgent;
import io.engram.mcp.transport.LogLevel;
import java.util.concurrent.CancellationException;

/**
 * One call of a tool: its arguments, and the client it reports to. A long tool calls {@link #step} between its
 * stages: the client that asked for progress hears of each, and a call the client cancelled stops there.
 */
final class ToolCall {
  // An agent named by its MCP client is recorded by its first 40 characters, as a file name's part: a client's name
  // is a word or two.
  private static final int AGENT_ID_CHARS = 40;
  private final Arguments arguments;
  private final CallControl control;
  private volatile String stage = "";

  ToolCall(Arguments arguments, CallControl control) {
    this.arguments = arguments;
    this.control = control;
  }

  /** A call with {@code arguments} from no client (tests, or a caller outside MCP). */
  static ToolCall of(java.util.Map<String, Object> arguments) {
    return new ToolCall(new Arguments(arguments), CallControl.none());
  }

  Arguments args() {
    return arguments;
  }

  /**
   * The agent the call comes from as a memory records it: the id of a coding agent Engram knows ({@code codex} for a
   * client called {@code codex-mcp-client}), else the client's own name in lower case, letters, digits, dots and
   * dashes only; empty when neither the transport nor the client named one.
   */
  java.util.Optional<String> agent() {
    return control.agent().map(a -> CodingAgent.ofClient(a).map(CodingAgent::id)
        .orElseGet(() -> a.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9.-]+", "-")
            .replaceAll("^-+|-+$", "")))
        .filter(a -> !a.isEmpty()).map(a -> a.length() > AGENT_ID_CHARS ? a.substring(0, AGENT_ID_CHARS) : a);
  }

  /**
   * Stage {@code done} of {@code total} begins ({@code message} says which; a fraction for a stage that repeats);
   * throws {@link CancellationException} instead when the client cancelled the call.
   */
  void step(double done, int total, String message) {
    stopIfCancelled();
    report(done, total, message);
  }

  /** Tells the client of stage {@code done} of {@code total}, even once the call is cancelled and cannot stop. */
  void report(double done, int total, String message) {
    stage = message + " (" + (int) Math.floor(done) + " of " + total + ")";
    control.progress(done, total, message);
  }

  /** The stage the call last began, for what is said when it stops; empty before the first. */
  String stage() {
    return stage;
  }

  /** Throws {@link CancellationException} when the client cancelled the call. */
  void stopIfCancelled() {
    if (control.cancelled()) {
      throw new CancellationException("cancelled by the client");
    }
  }

  /** Tells the client {@code text} at {@code level}, when it asked for messages of that level. */
  void log(LogLevel level, String text) {
    control.log(level, text);
  }
}
