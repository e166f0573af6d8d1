package io.engram.memory;

import io.engram.config.OneLine;
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
    super(path + ": " + OneLine.escape(reason));
    this.problem = new MemoryProblem(path, OneLine.escape(reason));
  }

  /** The file and what is wrong with it. */
  public MemoryProblem problem() {
    return problem;
  }
}
