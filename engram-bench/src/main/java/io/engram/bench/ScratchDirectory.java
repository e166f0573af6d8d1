package io.engram.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

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
    try (Stream<Path> walk = Files.walk(path)) {
      List<Path> all = walk.sorted(Comparator.reverseOrder()).toList();
      for (Path p : all) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the bench's scratch directory " + path + ": " + e.getMessage(), e);
    }
  }
}
