package io.engram.extract;

import io.engram.redact.SecretRedactor;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The text of one message of a turn, as the extractor sees it: secrets and private spans are removed here,
 * so no extractor, rule or model, and no name derived from the text, ever sees them.
 *
 * @param role who produced the text
 * @param text the plain text (code blocks included; the extractor ignores them); for a tool call, its input
 * @param timestamp when the message was written
 * @param sessionId the session it belongs to
 * @param memoryWritten true when the agent already wrote memory during this turn; such turns are skipped
 * @param call for {@link TurnRole#TOOL_CALL}, the call and how it ended; empty for every other role
 * @param messageId the transcript message it was read from (Claude Code's {@code uuid}), when it has one
 */
public record TurnText(TurnRole role, String text, Instant timestamp, String sessionId, boolean memoryWritten,
    Optional<ToolCall> call, Optional<String> messageId) {

  public TurnText {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(timestamp, "timestamp");
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(messageId, "messageId");
    if (call.isPresent() != (role == TurnRole.TOOL_CALL)) {
      throw new IllegalArgumentException("a tool call, and only a tool call, carries its call: " + role);
    }
    text = SecretRedactor.standard().redact(text).text();
  }

  /** A text that is not a tool call. */
  public TurnText(TurnRole role, String text, Instant timestamp, String sessionId, boolean memoryWritten) {
    this(role, text, timestamp, sessionId, memoryWritten, Optional.empty());
  }

  /** A text without the id of the message it came from. */
  public TurnText(TurnRole role, String text, Instant timestamp, String sessionId, boolean memoryWritten,
      Optional<ToolCall> call) {
    this(role, text, timestamp, sessionId, memoryWritten, call, Optional.empty());
  }

  /** This text, read from the transcript message {@code id}. */
  public TurnText from(Optional<String> id) {
    return new TurnText(role, text, timestamp, sessionId, memoryWritten, call, id);
  }

  /** A turn with no timestamp or session of interest (tests, evaluation). */
  public static TurnText of(TurnRole role, String text) {
    return new TurnText(role, text, Instant.EPOCH, "", false);
  }

  /** A tool call with no timestamp or session of interest (tests, evaluation). */
  public static TurnText of(ToolCall call) {
    return new TurnText(TurnRole.TOOL_CALL, call.input(), Instant.EPOCH, "", false, Optional.of(call));
  }
}
