package io.engram.memory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Told by a store after each memory it wrote, outside the store's lock, except what an import wrote (its
 * sessions worked elsewhere); the dream registers one to count the sessions that touched memory. Register it with {@link MemoryStores#open(
 * io.engram.config.EngramRoots, io.engram.config.EngramSettings, java.time.Clock, MemoryWriteListener)}.
 */
@FunctionalInterface
public interface MemoryWriteListener {
  /** The listener that does nothing. */
  MemoryWriteListener NONE = (memoryDir, saved, at) -> { };

  /**
   * {@code saved} was written at {@code at} into the memory directory {@code memoryDir}; a failure
   * here fails the write's call, after the memory is safely on disk.
   */
  void written(Path memoryDir, Saved saved, Instant at) throws IOException;
}
