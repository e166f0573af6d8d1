package io.engram.memory;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One change to a memory store, told to the {@link MemoryChanges} it was opened with once the change is on disk.
 *
 * @param memoryDir the memory directory that changed
 * @param name the memory's name
 * @param kind what happened to it
 */
public record MemoryChange(Path memoryDir, String name, Kind kind) {
  /** What happened to a memory. */
  public enum Kind {
    /** Created or edited. */
    WRITTEN,
    /** Moved to the trash. */
    FORGOTTEN,
    /** Brought back from the trash. */
    RESTORED
  }

  public MemoryChange {
    Objects.requireNonNull(memoryDir, "memoryDir");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
  }
}
