package io.engram.model;

import java.util.Objects;
import java.util.Optional;

/**
 * A result together with the engine that produced it.
 *
 * @param value the result
 * @param engine {@link Engine#MODEL} or {@link Engine#OFFLINE}
 * @param engineId {@code provider:model} for a model answer, {@code offline} otherwise
 * @param fallbackReason why the offline path ran although a model was configured (error, time-out,
 *     budget); empty when the model answered or when offline is simply the configured choice
 * @param usage tokens the model path spent, including a failed attempt before a fallback
 */
public record Answered<T>(
    T value, Engine engine, String engineId, Optional<String> fallbackReason, TokenUsage usage) {
  public Answered {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(engineId, "engineId");
    Objects.requireNonNull(fallbackReason, "fallbackReason");
    Objects.requireNonNull(usage, "usage");
  }

  /** True when the offline path ran although a model was configured. */
  public boolean fellBack() {
    return fallbackReason.isPresent();
  }

  /** A one-line description for logs and {@code --json} output, e.g. {@code offline (model failed: ...)}. */
  public String describe() {
    return engineId + fallbackReason.map(r -> " (fell back: " + r + ")").orElse("");
  }
}
