package io.engram.model;

import java.util.Objects;

/** A validated JSON answer, with the tokens it cost over all attempts and how many attempts it took. */
public record Structured<T>(T value, TokenUsage usage, int attempts, String modelId) {
  public Structured {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(modelId, "modelId");
  }
}
