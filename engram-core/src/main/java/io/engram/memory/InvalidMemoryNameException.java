package io.engram.memory;

import io.engram.config.OneLine;

/** A memory name that cannot become a file inside the memory directory; the message says why. */
public final class InvalidMemoryNameException extends IllegalArgumentException {
  // A name shown in the error is cut at 80 characters, a line: enough to know it, however long it was.
  private static final int SHOWN_CHARS = 80;
  private static final long serialVersionUID = 1L;

  InvalidMemoryNameException(String name, String reason) {
    super("invalid memory name " + quote(name) + ": " + reason);
  }

  /**
   * {@code name} maps to the file {@code file}, which holds the memory named {@code holder}: a write under this name
   * would replace another memory.
   */
  static InvalidMemoryNameException taken(String name, String file, String holder) {
    return new InvalidMemoryNameException(name, "it maps to the file " + file + ", which holds the memory "
        + quote(holder) + "; use that name to change that memory, or a name that maps to a file of its own"
        + " (names differing only in case, spaces, dashes or underscores map to one file)");
  }

  private static String quote(String name) {
    String shown = OneLine.escape(name);
    return "'" + (shown.length() > SHOWN_CHARS ? shown.substring(0, SHOWN_CHARS) + "..." : shown) + "'";
  }
}
