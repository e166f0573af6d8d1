package io.engram.dream;

import java.time.Instant;
import java.util.Objects;

/**
 * A memory as the dream's text algorithms see it: an id (the topic file name), its text, and when it
 * was last updated. The dream engine maps the store's topic files to this.
 */
public record MemoryText(String id, String text, Instant updated) {
  public MemoryText {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(updated, "updated");
  }

  /** Orders newest first; ties by id, so every ordering built on it is deterministic. */
  static int newestFirst(MemoryText a, MemoryText b) {
    int c = b.updated.compareTo(a.updated);
    return c != 0 ? c : a.id.compareTo(b.id);
  }
}
