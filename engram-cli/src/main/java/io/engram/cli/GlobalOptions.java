package io.engram.cli;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.SettingsLoader;
import io.engram.instructions.InstructionLoader;
import io.engram.tokens.JtokkitTokenCounter;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * Options every subcommand accepts: where Engram's home and the project are.
 *
 * <p>The options sit on the root command and are inherited, so {@code engram --home X list} and
 * {@code engram list --home X} both work. A subcommand at any depth reaches them through
 * {@link #of(CommandSpec)}; {@link #roots()} and {@link #settings()} resolve lazily so that
 * {@code --help} works even with a broken settings file.
 */
public final class GlobalOptions {

  /** The global options of the command line that {@code spec} belongs to. */
  public static GlobalOptions of(CommandSpec spec) {
    return ((EngramCommand) spec.root().userObject()).global;
  }

  @Option(
      names = "--home",
      paramLabel = "DIR",
      scope = ScopeType.INHERIT,
      description = "Engram's home (default: $ENGRAM_HOME, else ~/.engram).")
  Path home;

  @Option(
      names = "--project",
      paramLabel = "DIR",
      scope = ScopeType.INHERIT,
      description = "The project directory (default: the working directory).")
  Path project;

  @Option(
      names = "--user-home",
      paramLabel = "DIR",
      scope = ScopeType.INHERIT,
      hidden = true,
      description = "The user's home for ~ and ~/.claude (default: system property engram.user.home, else user.home).")
  Path userHome;

  private EngramRoots roots;
  private EngramSettings settings;

  /** The resolved roots. */
  public EngramRoots roots() {
    if (roots == null) {
      roots =
          EngramRoots.resolve(
              Optional.ofNullable(home),
              Optional.ofNullable(project),
              System.getenv(),
              userHome != null
                  ? userHome
                  : Path.of(System.getProperty("engram.user.home", System.getProperty("user.home"))));
    }
    return roots;
  }

  /** The instruction loader for the resolved project, settings and user home. */
  public InstructionLoader instructionLoader() {
    return new InstructionLoader(settings().instructions(), roots(), new JtokkitTokenCounter());
  }

  /** The settings of the resolved home. */
  public EngramSettings settings() {
    if (settings == null) {
      settings = SettingsLoader.load(roots().engramHome());
    }
    return settings;
  }
}
