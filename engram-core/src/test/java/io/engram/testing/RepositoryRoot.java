package io.engram.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's root, for tests that read the repository's own files: its README, its docs, its sources. */
public final class RepositoryRoot {
  private RepositoryRoot() {}

  /**
   * The nearest directory at or above the working directory (a module's, under Maven) that holds {@code
   * engram-core} and a {@code pom.xml}. Fails, naming where it looked from, when there is none.
   */
  public static Path find() {
    Path start = Path.of("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("engram-core")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no repository root (engram-core and pom.xml) at or above " + start);
  }
}
