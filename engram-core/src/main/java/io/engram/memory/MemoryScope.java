package io.engram.memory;

/** Which store a memory lives in. */
public enum MemoryScope {
  /** The project's memory directory. */
  PROJECT,
  /** The user-level directory shared by every project ({@code <home>/user/memory/}). */
  USER
}
