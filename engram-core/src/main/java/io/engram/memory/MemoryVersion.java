package io.engram.memory;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One version in a memory's history: its number (counting from 1 for the memory's first recorded version, never
 * reused), when and by what it was made, what the change was, and the topic file's text after it (for a
 * forget, the text that went to the trash). The text is what the store stored, secrets already redacted.
 */
public record MemoryVersion(int number, Instant at, ChangedBy by, Change change, String text) {
  public MemoryVersion {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(by, "by");
    Objects.requireNonNull(change, "change");
    Objects.requireNonNull(text, "text");
    if (number < 1) {
      throw new IllegalArgumentException("a version number counts from 1: " + number);
    }
  }

  /**
   * The unified diff from {@code previous} (the version before this one; empty for the first) to this version,
   * headed with both version numbers; empty when the texts are the same (a forget, a restore).
   */
  public String diffFrom(java.util.Optional<MemoryVersion> previous) {
    return io.engram.diff.UnifiedDiff.diff(previous.map(p -> "version " + p.number()).orElse("(none)"),
        "version " + number, previous.map(MemoryVersion::text).orElse(""), text, 3);
  }

  /** What a change did to the memory. */
  public enum Change {
    /** The memory was written for the first time. */
    CREATED,
    /** Its file was rewritten. */
    EDITED,
    /** It went to the trash (or left the team). */
    FORGOTTEN,
    /** It came back from the trash. */
    RESTORED,
    /** It was found on disk changed since the last version recorded (see {@link ChangedBy#OUTSIDE}). */
    FOUND;

    /** The spelling the history and the surfaces use: {@code created}, {@code edited}, ... */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
