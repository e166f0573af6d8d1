package io.engram.bench;

import io.engram.fs.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A temporary directory a bench works in, deleted with everything in it when the bench is done with it. */
final class ScratchDirectory implements AutoCloseable {
  private final Path path;

  private ScratchDirectory(Path path) {
    this.path = path;
  }

  /** A new directory under {@code java.io.tmpdir} whose name starts with {@code prefix}. */
  static ScratchDirectory create(String prefix) throws IOException {
    return new ScratchDirectory(Files.createTempDirectory(prefix));
  }

  Path path() {
    return path;
  }

  /** Deletes the directory and all it holds, deepest first. */
  @Override
  public void close() {
    try {
      FileTrees.delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the bench's scratch directory " + path + ": " + e.getMessage(), e);
    }
  }
}
