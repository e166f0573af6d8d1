package io.engram.cli.global;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.SettingsLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
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

  /** The name under which a root command mixes these options in ({@code @Mixin GlobalOptions global}). */
  public static final String MIXIN = "global";

  /**
   * The global options of the command line that {@code spec} belongs to: the ones its root mixes in under
   * {@link #MIXIN} (the {@code engram} command, or the lab's {@code bench}).
   *
   * @throws IllegalStateException when the root has none
   */
  public static GlobalOptions of(CommandSpec spec) {
    CommandSpec mixin = spec.root().mixins().get(MIXIN);
    if (mixin == null || !(mixin.userObject() instanceof GlobalOptions options)) {
      throw new IllegalStateException("the root command " + spec.root().name() + " mixes in no global options");
    }
    return options;
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
      description = "The user's home for ~ and ~/.claude (default: system property engram.user.home, else $HOME,"
          + " else user.home).")
  Path userHome;

  private final Map<String, String> environment;
  private EngramRoots roots;
  private EngramSettings settings;

  /** Options over the given environment; tests pass their own ({@code HOME}, {@code PATH}, ...). */
  public GlobalOptions(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  /** The environment the command runs in: read here and passed on, never read by the engines. */
  public Map<String, String> environment() {
    return environment;
  }

  /** Uses {@code dir} as the project unless {@code --project} named one (a hook's cwd, for example). */
  public void defaultProject(Path dir) {
    if (project == null) {
      project = dir;
    }
  }

  /**
   * Refuses a {@code --project} that names no directory, as a usage error of {@code where} (exit 2; 1 in a hook call,
   * where 2 would block): a mistyped path would otherwise show the empty memory of a project that is not there and
   * exit 0, and a write would create a store for it. Called once the arguments are parsed, before the command runs.
   */
  public void requireProjectDirectory(CommandLine where) {
    if (project == null || Files.isDirectory(project)) {
      return;
    }
    Path absolute = project.toAbsolutePath().normalize();
    throw new CommandLine.ParameterException(where, "--project " + project + ": "
        + (Files.exists(project) ? "not a directory" : "no such directory")
        + (absolute.toString().equals(project.toString()) ? "" : " (" + absolute + ")"));
  }

  /**
   * Forgets the roots and settings the last run resolved: a command line may be parsed and run many times (one built
   * once in a process that stays up, or a test's), and each run resolves them from its own options and from the
   * home's settings file as it is then. Picocli resets the options themselves before each parse.
   */
  public void startRun() {
    roots = null;
    settings = null;
  }

  /** The project named with {@code --project}, if one was. */
  public Optional<Path> explicitProject() {
    return Optional.ofNullable(project);
  }

  /** The resolved roots. */
  public EngramRoots roots() {
    if (roots == null) {
      roots = EngramRoots.resolve(Optional.ofNullable(home), Optional.ofNullable(project), environment, userHome());
    }
    return roots;
  }

  /**
   * Engram's home and the user's home, resolved without fixing the project: a hook reads its input (which names the
   * project) with them before {@link #roots()} is resolved once, with that project.
   */
  public EngramRoots homes() {
    return roots != null ? roots
        : EngramRoots.resolve(Optional.ofNullable(home), Optional.empty(), environment, userHome());
  }

  // The hidden option and the system property are test overrides; $HOME is what Claude Code goes by.
  private Path userHome() {
    if (userHome != null) {
      return userHome;
    }
    String property = System.getProperty("engram.user.home");
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    return EngramRoots.userHome(environment, Path.of(System.getProperty("user.home")));
  }

  /** The settings of the resolved home. */
  public EngramSettings settings() {
    if (settings == null) {
      settings = SettingsLoader.load(roots().engramHome());
    }
    return settings;
  }
}
