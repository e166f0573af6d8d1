package io.engram.extract;

import io.engram.redact.SecretRedactor;

import java.util.Objects;

/**
 * The span of input a candidate was read from.
 *
 * @param turnIndex index of the turn in the extractor's input list
 * @param start offset of the first character in that turn's text
 * @param end offset after the last character
 * @param quote the text of the span as it was read: as long as the span, with code fences, harness tags and
 *     {@code <private>} spans blanked to spaces so that they never leave the turn
 */
public record Evidence(int turnIndex, int start, int end, String quote) {

  public Evidence {
    Objects.requireNonNull(quote, "quote");
    quote = SecretRedactor.standard().redact(quote).text();
    if (turnIndex < 0 || start < 0 || end < start) {
      throw new IllegalArgumentException(
          "bad evidence span: turn " + turnIndex + ", [" + start + ", " + end + ")");
    }
  }
}
