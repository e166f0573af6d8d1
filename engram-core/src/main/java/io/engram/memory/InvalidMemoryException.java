package io.engram.memory;

import java.io.IOException;
import java.nio.file.Path;

/** A topic file that is not a valid memory; {@link #problem()} names the file and the fault. */
public final class InvalidMemoryException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient MemoryProblem problem;

  /** A fault in the file at {@code path}. */
  public InvalidMemoryException(Path path, String reason) {
    super(path + ": " + reason);
    this.problem = new MemoryProblem(path, reason);
  }

  /** The file and what is wrong with it. */
  public MemoryProblem problem() {
    return problem;
  }
}
