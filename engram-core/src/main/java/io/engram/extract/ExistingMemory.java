package io.engram.extract;

import java.util.Objects;

/** A memory already in the store, as the manifest shows it: the extractor updates these instead of duplicating. */
public record ExistingMemory(String name, String description) {

  public ExistingMemory {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
  }
}
