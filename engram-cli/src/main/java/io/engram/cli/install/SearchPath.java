package io.engram.cli.install;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The directories of a {@code PATH} variable, and the programs a shell would find through them. */
public record SearchPath(List<Path> directories) {
  public SearchPath {
    directories = List.copyOf(directories);
  }

  /** The search path of {@code env}'s {@code PATH} (empty entries, which mean the working directory, are skipped). */
  public static SearchPath of(Map<String, String> env) {
    List<Path> dirs = new ArrayList<>();
    for (String entry : env.getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (entry.isBlank()) {
        continue;
      }
      try {
        dirs.add(Path.of(entry).toAbsolutePath().normalize());
      } catch (InvalidPathException e) {
        // an entry no shell could use either
      }
    }
    return new SearchPath(dirs);
  }

  /** Whether {@code dir} is one of the directories (as written, or after resolving links). */
  public boolean contains(Path dir) {
    Path wanted = dir.toAbsolutePath().normalize();
    Path real = realOrSelf(wanted);
    return directories.stream().anyMatch(d -> d.equals(wanted) || realOrSelf(d).equals(real));
  }

  /** The first executable file named {@code name} in the directories, as a shell would find it. */
  public Optional<Path> find(String name) {
    for (Path dir : directories) {
      Path candidate = dir.resolve(name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  private static Path realOrSelf(Path path) {
    try {
      return path.toRealPath();
    } catch (java.io.IOException e) {
      return path;
    }
  }
}
