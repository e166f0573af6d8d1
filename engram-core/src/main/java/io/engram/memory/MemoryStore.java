package io.engram.memory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A directory of auto-memory topic files with its MEMORY.md index.
 *
 * <p>Contracts every implementation keeps: a write redacts secrets and drops private spans first; it
 * replaces the topic file atomically and updates the index under a cross-process lock, so concurrent
 * writers from any number of processes lose nothing; file names come from {@link MemoryNames}, never
 * from raw input. A read never rewrites or deletes a file: bad files are reported in
 * {@link MemoryListing#problems()}. Only {@link #purgeTrash()} deletes, and only trash past its
 * retention. A memory's identity is the slug of its name. Every write, forget and restore records the
 * memory's new version in its {@link MemoryHistory}, under the same lock.
 */
public interface MemoryStore {

  /**
   * Creates or updates the memory with {@code memory.name()}: sets {@code updated} to now, keeps the
   * stored {@code created} (or sets it), and points the index line at the file.
   *
   * @throws InvalidMemoryNameException when the name is refused
   * @throws IllegalArgumentException when the body is over the size limit
   * @throws InvalidMemoryException when the file that would be replaced is not a valid memory (it is kept)
   */
  default Saved write(Memory memory) throws IOException {
    return write(memory, ChangedBy.UNKNOWN);
  }

  /** {@link #write(Memory)}, the memory's history recording that {@code by} made the change. */
  Saved write(Memory memory, ChangedBy by) throws IOException;

  /** The memory called {@code name}; empty if none. Throws {@link InvalidMemoryException} if its file is bad. */
  Optional<StoredMemory> read(String name) throws IOException;

  /** Every readable memory and every file that had to be skipped, with why. */
  MemoryListing list() throws IOException;

  /**
   * Moves the memory's file and its index line to the trash (and purges trash past its retention).
   * Throws {@link NoSuchMemoryException}.
   */
  default Forgotten forget(String name) throws IOException {
    return forget(name, ChangedBy.UNKNOWN);
  }

  /** {@link #forget(String)}, the memory's history recording that {@code by} made the change. */
  Forgotten forget(String name, ChangedBy by) throws IOException;

  /**
   * Brings the most recently trashed memory called {@code name} back with its index line. Throws
   * {@link NoSuchMemoryException} when the trash has none, and refuses when a file now holds its place.
   */
  default StoredMemory restore(String name) throws IOException {
    return restore(name, ChangedBy.UNKNOWN);
  }

  /** {@link #restore(String)}, the memory's history recording that {@code by} made the change. */
  StoredMemory restore(String name, ChangedBy by) throws IOException;

  /**
   * Deletes trash entries older than the retention period, and staging files a killed writer left
   * more than an hour ago; returns the trash files deleted.
   */
  List<Path> purgeTrash() throws IOException;

  /** The loaded part of MEMORY.md (first lines and bytes within the settings' limits) and what was cut. */
  IndexText indexText() throws IOException;
}
