package io.engram.memory;

import java.util.List;
import java.util.Optional;

/**
 * Everything a read of the store found: the memories (sorted by name) and the files it had to skip.
 * A skipped file is reported here and never rewritten or deleted by the read.
 */
public record MemoryListing(List<StoredMemory> memories, List<MemoryProblem> problems) {
  public MemoryListing {
    memories = List.copyOf(memories);
    problems = List.copyOf(problems);
  }

  /** The memory whose name has the same slug as {@code name}, if listed. */
  public Optional<StoredMemory> find(String name) {
    String slug = MemoryNames.slug(name);
    return memories.stream().filter(m -> MemoryNames.isValid(m.name()) && MemoryNames.slug(m.name()).equals(slug))
        .findFirst();
  }
}
