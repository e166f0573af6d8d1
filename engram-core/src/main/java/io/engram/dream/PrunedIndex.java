package io.engram.dream;

import java.util.List;

/**
 * The index after {@link IndexPruner}: the lines kept, in order, and those dropped with the reason.
 */
record PrunedIndex(List<String> lines, List<RemovedLine> removed) {
  public PrunedIndex {
    lines = List.copyOf(lines);
    removed = List.copyOf(removed);
  }

  /** The new MEMORY.md text, each line ending in a newline. */
  public String text() {
    return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
  }

  /** True when any line was dropped. */
  public boolean changed() {
    return !removed.isEmpty();
  }
}
