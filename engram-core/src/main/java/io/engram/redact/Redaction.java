package io.engram.redact;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of redacting one text: the safe text, the kinds of secret removed (each once, in order of
 * first occurrence) and how many secrets were removed in all.
 */
public record Redaction(String text, List<SecretKind> kinds, int count) {

  public Redaction {
    Objects.requireNonNull(text, "text");
    kinds = List.copyOf(kinds);
  }

  /** True when at least one secret or private span was removed. */
  public boolean changed() {
    return count > 0;
  }
}
