package io.engram.memory;

import java.io.IOException;

/** No memory (or no trashed memory, for restore) has the given name. */
public final class NoSuchMemoryException extends IOException {
  private static final long serialVersionUID = 1L;

  NoSuchMemoryException(String message) {
    super(message);
  }
}
