package io.engram.cli.global;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The jar the running Engram was loaded from, when it runs from one (not from classes in a build tree). */
public final class RunningJar {
  /**
   * The {@code engram} command's main class, by name: the launcher, the class archive and the service's start name
   * it, and naming it here keeps the packages below the root command free of a dependency on it.
   */
  public static final String MAIN_CLASS = "io.engram.cli.EngramCommand";

  private RunningJar() {}

  /** The jar this Engram runs from, or empty when it runs from a build tree's classes. */
  public static Optional<Path> engram() {
    return of(RunningJar.class);
  }

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
