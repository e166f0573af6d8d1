package io.engram.memory;

import io.engram.config.OneLine;
import io.engram.redact.SecretKind;
import java.util.List;
import java.util.stream.Collectors;

/** A memory name that cannot become a file inside the memory directory; the message says why. */
public final class InvalidMemoryNameException extends IllegalArgumentException {
  // A name shown in the error is cut at 80 characters, a line: enough to know it, however long it was.
  private static final int SHOWN_CHARS = 80;
  private static final long serialVersionUID = 1L;

  InvalidMemoryNameException(String name, String reason) {
    this("invalid memory name " + quote(name) + ": " + reason);
  }

  private InvalidMemoryNameException(String message) {
    super(message);
  }

  /**
   * The name holds a secret of {@code kinds}: redacted, it would be a name another secret's redaction gives too, and
   * a write under it would replace that memory. The message does not quote the name, so the secret is not shown.
   */
  public static InvalidMemoryNameException holdsSecret(List<SecretKind> kinds) {
    return new InvalidMemoryNameException("invalid memory name: it holds a secret ("
        + kinds.stream().map(SecretKind::label).collect(Collectors.joining(", "))
        + "); a name becomes a file name and no secret reaches the disk: give the memory a name without it");
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

  /**
   * {@code name} is how another memory is listed: its own name holds a secret, shown redacted as {@code name}; a
   * write under it would replace that memory, which keeps its name until forgotten.
   */
  static InvalidMemoryNameException listedAs(String name) {
    return new InvalidMemoryNameException(name, "it is how another memory is listed, whose own name holds a secret"
        + " and is shown redacted; forget that memory first (engram forget " + quote(name) + "), or give this one"
        + " another name");
  }

  private static String quote(String name) {
    String shown = OneLine.escape(name);
    return "'" + (shown.length() > SHOWN_CHARS ? shown.substring(0, SHOWN_CHARS) + "..." : shown) + "'";
  }
}
