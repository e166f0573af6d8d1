package io.engram.memory;

import java.nio.file.Path;
import java.util.Objects;

/** A file that could not be read as a memory, with why; the file itself is left untouched. */
public record MemoryProblem(Path path, String reason) {
  public MemoryProblem {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(reason, "reason");
  }

  /** {@code path: reason}, for logs and command output. */
  @Override
  public String toString() {
    return path + ": " + reason;
  }
}
