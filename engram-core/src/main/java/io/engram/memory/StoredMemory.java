package io.engram.memory;

import java.nio.file.Path;
import java.util.Objects;

/** A memory as found on disk: its content, its file and which store holds it. */
public record StoredMemory(Memory memory, Path path, MemoryScope scope) {
  public StoredMemory {
    Objects.requireNonNull(memory, "memory");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(scope, "scope");
  }

  /** The memory's name. */
  public String name() {
    return memory.name();
  }
}
