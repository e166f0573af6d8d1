package io.engram.extract;

import java.util.Objects;

/**
 * Messages an extraction pass did not read, and why (the agent already wrote memory in that turn).
 *
 * @param fromMessage first message index (inclusive)
 * @param toMessage last message index (exclusive)
 * @param reason why
 */
public record SkippedRange(int fromMessage, int toMessage, String reason) {
  public SkippedRange {
    Objects.requireNonNull(reason, "reason");
  }
}
