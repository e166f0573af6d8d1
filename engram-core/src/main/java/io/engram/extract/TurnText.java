package io.engram.extract;

import java.time.Instant;
import java.util.Objects;

/**
 * The text of one message of a turn, as the extractor sees it.
 *
 * @param role who produced the text
 * @param text the plain text (code blocks included; the extractor ignores them)
 * @param timestamp when the message was written
 * @param sessionId the session it belongs to
 * @param memoryWritten true when the agent already wrote memory during this turn; such turns are skipped
 */
public record TurnText(TurnRole role, String text, Instant timestamp, String sessionId, boolean memoryWritten) {

  public TurnText {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(timestamp, "timestamp");
    Objects.requireNonNull(sessionId, "sessionId");
  }

  /** A turn with no timestamp or session of interest (tests, evaluation). */
  public static TurnText of(TurnRole role, String text) {
    return new TurnText(role, text, Instant.EPOCH, "", false);
  }
}
