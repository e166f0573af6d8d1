package io.engram.memory;

import java.io.IOException;
import java.nio.file.Path;

/** A topic file that is not a valid memory; {@link #problem()} names the file and the fault. */
public final class InvalidMemoryException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient MemoryProblem problem;

  /**
   * A fault in the file at {@code path}. A reason that quotes the file may hold line breaks and other
   * control characters; they are shown escaped, so the fault is one line in a log or a listing.
   */
  public InvalidMemoryException(Path path, String reason) {
    super(path + ": " + oneLine(reason));
    this.problem = new MemoryProblem(path, oneLine(reason));
  }

  private static String oneLine(String reason) {
    StringBuilder out = new StringBuilder(reason.length());
    reason.codePoints().forEach(c -> {
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029) {
            out.append(String.format("\\u%04x", c));
          } else {
            out.appendCodePoint(c);
          }
        }
      }
    });
    return out.toString();
  }

  /** The file and what is wrong with it. */
  public MemoryProblem problem() {
    return problem;
  }
}
