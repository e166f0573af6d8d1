package io.engram.memory;

/** A memory name that cannot become a file inside the memory directory; the message says why. */
public final class InvalidMemoryNameException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  InvalidMemoryNameException(String name, String reason) {
    super("invalid memory name " + quote(name) + ": " + reason);
  }

  private static String quote(String name) {
    String shown = name.replace("\0", "\\0").replace("\n", "\\n").replace("\r", "\\r");
    return "'" + (shown.length() > 80 ? shown.substring(0, 80) + "..." : shown) + "'";
  }
}
