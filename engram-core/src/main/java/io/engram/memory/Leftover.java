package io.engram.memory;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A file an interrupted write left in a memory directory, found and cleared when the store was opened.
 *
 * @param found where it was
 * @param trashedAs where it was moved in {@code .trash/} (a staging file holds a whole memory); empty when
 *     it was deleted (a temporary file, a partial copy of a file whose previous version is intact)
 */
public record Leftover(Path found, Optional<Path> trashedAs) {
  public Leftover {
    Objects.requireNonNull(found, "found");
    Objects.requireNonNull(trashedAs, "trashedAs");
  }

  /** One line for a person: what was found and what became of it. */
  public String describe() {
    return trashedAs.map(t -> "moved " + found.getFileName() + ", left by an interrupted write, to " + t)
        .orElseGet(() -> "deleted " + found + ", a temporary file left by an interrupted write");
  }
}
