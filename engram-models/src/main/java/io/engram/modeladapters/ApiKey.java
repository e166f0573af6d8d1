package io.engram.modeladapters;

import java.util.Objects;

/**
 * An API key that never shows itself: {@link #toString()} prints {@code ***}, and {@link #scrub}
 * removes it from any text about to become an error message.
 */
public final class ApiKey {
  private final String value;

  private ApiKey(String value) {
    this.value = value;
  }

  /** Wraps a non-blank key. */
  public static ApiKey of(String value) {
    Objects.requireNonNull(value, "value");
    if (value.isBlank()) {
      throw new IllegalArgumentException("an API key must not be blank");
    }
    return new ApiKey(value.strip());
  }

  /** The key itself, only for the request header. */
  String reveal() {
    return value;
  }

  /** {@code text} with every occurrence of the key replaced by {@code ***}. */
  public String scrub(String text) {
    return text.replace(value, "***");
  }

  @Override
  public String toString() {
    return "***";
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ApiKey key && key.value.equals(value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }
}
