package io.engram.compaction;

import java.util.List;

/**
 * A file and the agent's operations on it during the session: the input of {@link FileScore}.
 *
 * @param path the file's path as the agent named it (absolute or relative, '/' or '\' separated)
 * @param operations at least one operation, in any order
 */
record FileUsage(String path, List<DatedOperation> operations) {

  public FileUsage {
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException("file usage needs a path");
    }
    operations = List.copyOf(operations);
    if (operations.isEmpty()) {
      throw new IllegalArgumentException("file usage of " + path + " has no operations");
    }
  }
}
