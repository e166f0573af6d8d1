package io.engram.mcp.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One running request as its tool sees it: the progress notifications it may send (only when the client gave a
 * {@code progressToken}, each with a larger {@code progress} than the one before), the log messages it may send
 * ({@code notifications/message}, at or above the level the client asked for with {@code logging/setLevel}; none
 * before it asks), the agent it comes from, and
 * whether the client cancelled it ({@code notifications/cancelled}). A tool finds it in the SDK's transport context
 * under {@link #KEY}; a cancelled tool stops at its next step, and its answer is never sent.
 */
public final class CallControl {
  /** Where the transport context holds it. */
  public static final String KEY = "engram.call";
  /** Where the transport context holds the agent the transport names for its client (a string). */
  public static final String AGENT = "engram.agent";

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final Optional<JsonNode> progressToken;
  private final Consumer<String> out;
  private final Supplier<Optional<LogLevel>> level;
  private final Optional<String> agent;
  private volatile boolean cancelled;
  private double lastProgress = Double.NEGATIVE_INFINITY; // guarded by this

  CallControl(Optional<JsonNode> progressToken, Consumer<String> out, Supplier<Optional<LogLevel>> level,
      Optional<String> agent) {
    this.progressToken = progressToken;
    this.out = out;
    this.level = level;
    this.agent = agent;
  }

  /** A call that tells nothing and is never cancelled (a caller outside MCP). */
  public static CallControl none() {
    return new CallControl(Optional.empty(), message -> { }, Optional::empty, Optional.empty());
  }

  /**
   * The coding agent (or other client) the call comes from, as the transport or the client named it ({@code codex},
   * {@code codex-mcp-client}); empty when neither did.
   */
  public Optional<String> agent() {
    return agent;
  }

  /**
   * Tells the client how far the work is: {@code done} of {@code total} (0 when unknown), with a sentence. Sent only
   * when the client asked for progress and {@code done} is beyond what was last sent.
   */
  public synchronized void progress(double done, double total, String message) {
    if (progressToken.isEmpty() || done <= lastProgress || cancelled) {
      return;
    }
    lastProgress = done;
    ObjectNode params = JSON.objectNode();
    params.set("progressToken", progressToken.get());
    params.put("progress", done);
    if (total > 0) {
      params.put("total", total);
    }
    params.put("message", message);
    out.accept(notification("notifications/progress", params));
  }

  /** Sends {@code text} as a log message at {@code severity}, if the client asked for messages that severe. */
  public void log(LogLevel severity, String text) {
    if (level.get().filter(least -> severity.compareTo(least) >= 0).isPresent()) {
      out.accept(message(severity, text));
    }
  }

  /** Whether the client cancelled this request. */
  public boolean cancelled() {
    return cancelled;
  }

  void cancel() {
    cancelled = true;
  }

  static String message(LogLevel severity, String text) {
    ObjectNode params = JSON.objectNode().put("level", severity.id()).put("logger", "engram");
    params.put("data", text);
    return notification("notifications/message", params);
  }

  private static String notification(String method, ObjectNode params) {
    ObjectNode n = JSON.objectNode().put("jsonrpc", "2.0").put("method", method);
    n.set("params", params);
    return n.toString();
  }
}
