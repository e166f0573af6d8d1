package io.engram.extract;

import io.engram.redact.SecretRedactor;
import java.time.Instant;
import java.util.Objects;

/**
 * The text of one message of a turn, as the extractor sees it: secrets and private spans are removed here,
 * so no extractor, rule or model, and no name derived from the text, ever sees them.
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
    text = SecretRedactor.standard().redact(text).text();
  }

  /** A turn with no timestamp or session of interest (tests, evaluation). */
  public static TurnText of(TurnRole role, String text) {
    return new TurnText(role, text, Instant.EPOCH, "", false);
  }
}
