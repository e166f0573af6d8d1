package io.engram.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The filesystem roots Engram works under: its own home, the user's home and the project directory.
 *
 * <p>This is the "filesystem roots" port of the core: engines never read {@code user.home} or the
 * environment themselves, so tests point every root at a temporary directory.
 */
public record EngramRoots(Path engramHome, Path userHome, Path projectDir) {

  /** Environment variable that moves Engram's home. */
  public static final String HOME_ENV = "ENGRAM_HOME";

  public EngramRoots {
    Objects.requireNonNull(engramHome, "engramHome");
    Objects.requireNonNull(userHome, "userHome");
    Objects.requireNonNull(projectDir, "projectDir");
    engramHome = engramHome.toAbsolutePath().normalize();
    userHome = userHome.toAbsolutePath().normalize();
    projectDir = projectDir.toAbsolutePath().normalize();
  }

  /**
   * Resolves the roots the way the {@code engram} command does: an explicit home wins, then
   * {@code ENGRAM_HOME}, then {@code ~/.engram}.
   */
  public static EngramRoots resolve(
      Optional<Path> explicitHome, Optional<Path> project, Map<String, String> env, Path userHome) {
    Path home =
        explicitHome
            .or(() -> Optional.ofNullable(env.get(HOME_ENV)).filter(s -> !s.isBlank()).map(Path::of))
            .orElse(userHome.resolve(".engram"));
    return new EngramRoots(home, userHome, project.orElse(Path.of("")));
  }

  /** Expands a leading {@code ~/} (or a bare {@code ~}) against the user's home. */
  public Path expand(String path) {
    if (path.equals("~")) {
      return userHome;
    }
    if (path.startsWith("~/")) {
      return userHome.resolve(path.substring(2));
    }
    return Path.of(path);
  }
}
