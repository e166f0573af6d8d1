package io.engram.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the project's shared data ({@code ../shared/data} beside the repository) for tests.
 *
 * <p>CI clones the repository with {@code shared/} beside it; tests walk up from the working
 * directory until they find it, and fail loudly rather than skip when it is missing.
 */
public final class SharedData {
  private SharedData() {}

  /** The {@code shared/data} directory. */
  public static Path dir() {
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared/data");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("shared/data not found above " + here);
  }

  /** A file under {@code shared/data}, for example {@code transcripts/claude-code/short.jsonl}. */
  public static Path file(String relative) {
    Path file = dir().resolve(relative);
    if (!Files.exists(file)) {
      throw new IllegalStateException("shared data file missing: " + file);
    }
    return file;
  }
}
