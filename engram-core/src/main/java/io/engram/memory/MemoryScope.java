package io.engram.memory;

/** Which store a memory lives in. */
public enum MemoryScope {
  /** The project's memory directory. */
  PROJECT,
  /** The user-level directory shared by every project ({@code <home>/user/memory/}). */
  USER,
  /**
   * The read-only mirror of the project's team memory ({@link TeamMirror}): written only by team sync, never
   * through a store.
   */
  TEAM
}
