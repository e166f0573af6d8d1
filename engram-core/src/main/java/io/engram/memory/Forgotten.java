package io.engram.memory;

import java.nio.file.Path;
import java.util.Objects;

/** A memory moved to the trash by {@link MemoryStore#forget}: its name, where it was and where it is now. */
public record Forgotten(String name, Path original, Path trashed) {
  public Forgotten {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(original, "original");
    Objects.requireNonNull(trashed, "trashed");
  }
}
