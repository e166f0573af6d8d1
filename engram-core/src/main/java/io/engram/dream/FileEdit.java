package io.engram.dream;

import java.util.Objects;
import java.util.Optional;

/**
 * One file's content before and after a dream change, the path relative to the memory directory.
 * An empty {@code before} means the change creates the file; an empty {@code after} means it moves
 * the file to the trash.
 */
record FileEdit(String path, Optional<String> before, Optional<String> after) {
  public FileEdit {
    Objects.requireNonNull(path, "path");
    if (before.isEmpty() && after.isEmpty()) {
      throw new IllegalArgumentException("file edit of " + path + " has neither a before nor an after");
    }
  }

  /** True when before and after are the same text (nothing to write). */
  public boolean unchanged() {
    return before.equals(after);
  }
}
