package io.engram.imports;

import java.util.Objects;
import java.util.Optional;

/**
 * What became of one imported memory.
 *
 * @param kind created, already known (the store holds a memory that says it, by words or by meaning), or skipped
 * @param name the memory's name
 * @param from the file it came from
 * @param detail the memory it is already known as, or why it was skipped; empty when created
 */
public record ImportOutcome(Kind kind, String name, String from, Optional<String> detail) {
  /** The three outcomes. */
  public enum Kind {
    /** Written to the store. */
    CREATED,
    /** Not written: the store already says it. */
    KNOWN,
    /** Not written: it could not be (a name or size the store refuses). */
    SKIPPED
  }

  public ImportOutcome {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(detail, "detail");
  }
}
