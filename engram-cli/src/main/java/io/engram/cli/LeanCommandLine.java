package io.engram.cli;

import io.engram.redact.SecretRedactor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command line holding only the root's global options and the one subcommand the arguments name, for
 * {@code engram [global options] SUBCOMMAND ...}. Building the full command tree inspects every subcommand by
 * reflection and took 650-820 ms of a one-second {@code engram --version} on an idle machine; a command run
 * from a terminal, a script or a hook needs only its own. Help ({@code -h}, {@code --help}, {@code help}), the
 * version, completion scripts and anything that is not a known subcommand after global options get the full tree,
 * which they list or need; see docs/BENCHMARKS.md.
 */
final class LeanCommandLine {
  private static final Set<String> GLOBAL_WITH_VALUE = Set.of("--home", "--project", "--user-home");
  private static final Set<String> HELP = Set.of("-h", "--help", "-V", "--version");
  /** Subcommands that read the whole tree: {@code help} lists its siblings, completion walks every command. */
  private static final Set<String> NEEDS_THE_TREE = Set.of("help", "generate-completion");
  /** Every top-level subcommand by name, read from the root's annotation (no command is inspected). */
  private static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

  private LeanCommandLine() {}

  private static Map<String, Class<?>> subcommands() {
    Map<String, Class<?>> out = new LinkedHashMap<>();
    for (Class<?> type : EngramCommand.class.getAnnotation(Command.class).subcommands()) {
      Command command = type.getAnnotation(Command.class);
      out.put(command.name(), type);
      for (String alias : command.aliases()) {
        out.put(alias, type);
      }
    }
    return out;
  }

  /** True when {@code args} name a subcommand after nothing but global options, without help or the version. */
  static boolean applies(String[] args) {
    return subcommand(args).isPresent();
  }

  private static Optional<String> subcommand(String[] args) {
    if (List.of(args).stream().anyMatch(HELP::contains)) {
      return Optional.empty();
    }
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (GLOBAL_WITH_VALUE.contains(a)) {
        i++;
      } else if (GLOBAL_WITH_VALUE.stream().noneMatch(g -> a.startsWith(g + "="))) {
        return SUBCOMMANDS.containsKey(a) && !NEEDS_THE_TREE.contains(a) ? Optional.of(a) : Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * True when a usage error in {@code where} belongs to a hook call: it arose in the {@code hook} command,
   * or at the root of a command line that names {@code hook} (a mistyped global option before it).
   */
  static boolean isHookCall(CommandLine where, String[] args) {
    if (where.getCommandName().equals("hook") && where.getParent() != null && where.getParent().getParent() == null) {
      return true;
    }
    return where.getParent() == null && List.of(args).contains("hook");
  }

  /** The lean command line for {@code args}, which {@link #applies} to. */
  static CommandLine commandLine(String[] args) {
    return commandLine(System.getenv(), subcommand(args).orElseThrow(
        () -> new IllegalArgumentException("no subcommand for a lean command line in " + List.of(args))));
  }

  /** The lean command line with {@code hook} over {@code environment}, for tests. */
  static CommandLine commandLine(Map<String, String> environment) {
    return commandLine(environment, "hook");
  }

  /**
   * The lean command line with the subcommand {@code name} over {@code environment}, configured as the full one.
   *
   * @throws IllegalArgumentException if {@code name} is not a top-level subcommand
   */
  static CommandLine commandLine(Map<String, String> environment, String name) {
    Class<?> type = SUBCOMMANDS.get(name);
    if (type == null) {
      throw new IllegalArgumentException("engram has no subcommand " + name);
    }
    // Every output is redacted; the redactor's ~250 rules take a moment to load in a fresh JVM, so they load on the
    // second core while the command parses its arguments and reads its input and settings.
    Thread warm = new Thread(SecretRedactor::standard, "engram-redactor-warmup");
    warm.setDaemon(true);
    warm.start();
    EngramCommand root = new EngramCommand(environment);
    CommandSpec spec = CommandSpec.wrapWithoutInspection(root);
    spec.name("engram");
    spec.addMixin("global", CommandSpec.forAnnotatedObject(root.global));
    root.spec = spec;
    CommandLine cli = new CommandLine(spec);
    try {
      cli.addSubcommand(name, CommandLine.defaultFactory().create(type));
    } catch (Exception e) {
      throw new IllegalStateException("cannot create the " + name + " command: " + e, e);
    }
    return EngramCommand.configure(cli);
  }
}
