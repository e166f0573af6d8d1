package io.engram.redact;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The outcome of redacting one text: the safe text, the kinds of secret removed (each once, in order of
 * first occurrence) and how many secrets were removed in all.
 */
public record Redaction(String text, List<SecretKind> kinds, int count) {
  private static final Pattern MARKER = Pattern.compile("\\[REDACTED:[a-z0-9-]+\\]");

  public Redaction {
    Objects.requireNonNull(text, "text");
    kinds = List.copyOf(kinds);
  }

  /** True when at least one secret or private span was removed. */
  public boolean changed() {
    return count > 0;
  }

  /**
   * The safe text with each secret dropped rather than marked, runs of white space made one space: what a name is
   * made of, where a marker would put the same words into the names of every memory that held a secret.
   */
  public String withoutMarkers() {
    return MARKER.matcher(text).replaceAll(" ").replaceAll("\\s+", " ").strip();
  }
}
