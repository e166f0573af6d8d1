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

  /** Environment variable naming the user's home, which Claude Code and the shell go by. */
  public static final String USER_HOME_ENV = "HOME";

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

  /**
   * The user's home the way Claude Code and the shell see it: {@code $HOME} when set, else
   * {@code javaUserHome} (Java's {@code user.home}, which comes from the password database and does not
   * follow {@code $HOME}). {@code ~}, {@code ~/.claude} and the default Engram home hang off it.
   */
  public static Path userHome(Map<String, String> env, Path javaUserHome) {
    return Optional.ofNullable(env.get(USER_HOME_ENV)).filter(s -> !s.isBlank()).map(Path::of).orElse(javaUserHome);
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
