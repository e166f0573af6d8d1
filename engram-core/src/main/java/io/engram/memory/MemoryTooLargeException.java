package io.engram.memory;

import java.nio.charset.StandardCharsets;

/**
 * A memory larger than {@code memory.maxMemoryBytes} (its description and body, in UTF-8): refused whole,
 * never cut, with a message naming the size, the limit and the setting.
 */
public final class MemoryTooLargeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final long size;
  private final long limit;

  private MemoryTooLargeException(String name, long size, long limit) {
    super("memory '" + name + "' is " + size + " bytes, over the limit of " + limit
        + " bytes a memory (setting memory.maxMemoryBytes); nothing was written: store a summary, or split it");
    this.size = size;
    this.limit = limit;
  }

  /** Throws when {@code memory} is over {@code limit} bytes. */
  static void check(Memory memory, long limit) {
    long size = memory.description().getBytes(StandardCharsets.UTF_8).length
        + (long) memory.body().getBytes(StandardCharsets.UTF_8).length;
    if (size > limit) {
      throw new MemoryTooLargeException(memory.name(), size, limit);
    }
  }

  /** The memory's size in bytes. */
  public long size() {
    return size;
  }

  /** The limit it went over, in bytes. */
  public long limit() {
    return limit;
  }
}
