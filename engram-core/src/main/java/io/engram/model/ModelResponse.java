package io.engram.model;

import java.util.Objects;

/**
 * A model's answer: its text, what it cost, which model gave it ({@code provider:model}) and why it
 * stopped ({@code end_turn}, {@code max_tokens}, {@code stop}, {@code length}... as the API says).
 */
public record ModelResponse(String text, TokenUsage usage, String modelId, String stopReason) {
  public ModelResponse {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(modelId, "modelId");
    Objects.requireNonNull(stopReason, "stopReason");
  }
}
