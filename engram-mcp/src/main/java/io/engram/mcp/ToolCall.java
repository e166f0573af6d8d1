package io.engram.mcp;

import io.engram.mcp.transport.CallControl;
import io.engram.mcp.transport.LogLevel;
import java.util.concurrent.CancellationException;

/**
 * One call of a tool: its arguments, and the client it reports to. A long tool calls {@link #step} between its
 * stages: the client that asked for progress hears of each, and a call the client cancelled stops there.
 */
final class ToolCall {
  private final Arguments arguments;
  private final CallControl control;

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
   * Stage {@code done} of {@code total} begins ({@code message} says which); throws {@link CancellationException}
   * instead when the client cancelled the call.
   */
  void step(int done, int total, String message) {
    stopIfCancelled();
    control.progress(done, total, message);
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
