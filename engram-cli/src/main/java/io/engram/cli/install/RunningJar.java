package io.engram.cli.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The jar the running Engram was loaded from, when it runs from one (not from classes in a build tree). */
public final class RunningJar {
  private RunningJar() {}

  /** The absolute path of the jar holding {@code type}, or empty when it was loaded from a directory. */
  public static Optional<Path> of(Class<?> type) {
    try {
      var source = type.getProtectionDomain().getCodeSource();
      if (source == null) {
        return Optional.empty();
      }
      Path path = Path.of(source.getLocation().toURI()).toAbsolutePath();
      return path.toString().endsWith(".jar") && Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
    } catch (java.net.URISyntaxException | IllegalArgumentException | SecurityException e) {
      return Optional.empty();
    }
  }
}
