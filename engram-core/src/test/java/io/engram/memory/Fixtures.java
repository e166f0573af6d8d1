package io.engram.memory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** Test fixtures under src/test/resources/memory. */
final class Fixtures {
  private Fixtures() {}

  static Path dir(String name) {
    try {
      return Path.of(Fixtures.class.getResource("/memory/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Copies fixture directory {@code name} into {@code target}, returning {@code target}. */
  static Path copy(String name, Path target) throws IOException {
    Files.createDirectories(target);
    try (Stream<Path> files = Files.list(dir(name))) {
      files.forEach(f -> {
        try {
          Files.copy(f, target.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
    return target;
  }
}
