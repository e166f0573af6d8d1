package io.engram.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Deleting a directory with everything below it. */
public final class FileTrees {
  private FileTrees() {}

  /** Deletes {@code dir} and everything below it, deepest first; a missing directory is fine. */
  public static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    List<Path> all;
    try (Stream<Path> walk = Files.walk(dir)) {
      all = walk.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path p : all) {
      Files.deleteIfExists(p);
    }
  }
}
