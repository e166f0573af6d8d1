package io.engram.cli;

import io.engram.cli.integration.HookCommand;
import io.engram.cli.integration.McpCommand;
import io.engram.cli.output.RedactedOutput;
import io.engram.redact.SecretRedactor;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command line holding only the root options and {@code hook}, for {@code engram [global options] hook
 * EVENT}; or only the root options and {@code mcp}, for {@code engram [global options] mcp ...}. Claude Code
 * starts a JVM for every hook call the service cannot answer, and one for every stdio MCP server, whose
 * {@code initialize} it waits for; building the full command tree (every subcommand inspected by reflection)
 * costs more than either needs; see docs/BENCHMARKS.md.
 */
final class HookFastPath {
  private static final Set<String> GLOBAL_WITH_VALUE = Set.of("--home", "--project", "--user-home");
  private static final Set<String> HELP = Set.of("-h", "--help", "-V", "--version");
  private static final Set<String> LEAN = Set.of("hook", "mcp");

  private HookFastPath() {}

  /** True when {@code args} name {@code hook} or {@code mcp} after nothing but global options, without help. */
  static boolean applies(String[] args) {
    return subcommand(args).isPresent();
  }

  private static java.util.Optional<String> subcommand(String[] args) {
    List<String> list = List.of(args);
    if (list.stream().anyMatch(HELP::contains)) {
      return java.util.Optional.empty();
    }
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (GLOBAL_WITH_VALUE.contains(a)) {
        i++;
      } else if (GLOBAL_WITH_VALUE.stream().noneMatch(g -> a.startsWith(g + "="))) {
        return LEAN.contains(a) ? java.util.Optional.of(a) : java.util.Optional.empty();
      }
    }
    return java.util.Optional.empty();
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

  /** The reduced command line for {@code args}: the root's global options, its error handling, and its subcommand. */
  static CommandLine commandLine(String[] args) {
    return commandLine(System.getenv(), subcommand(args).orElse("hook"));
  }

  /** The reduced command line with {@code hook} over {@code environment}, for tests. */
  static CommandLine commandLine(java.util.Map<String, String> environment) {
    return commandLine(environment, "hook");
  }

  /** The reduced command line with {@code subcommand} ({@code hook} or {@code mcp}) over {@code environment}. */
  static CommandLine commandLine(java.util.Map<String, String> environment, String subcommand) {
    // Every answer and log line of a hook is redacted; the redactor's ~250 rules take a moment to load in a
    // fresh JVM, so they load on the second core while the hook reads its input, settings and transcript.
    Thread warm = new Thread(SecretRedactor::standard, "engram-redactor-warmup");
    warm.setDaemon(true);
    warm.start();
    EngramCommand root = new EngramCommand(environment);
    CommandSpec spec = CommandSpec.wrapWithoutInspection(root);
    spec.name("engram");
    spec.addMixin("global", CommandSpec.forAnnotatedObject(root.global));
    root.spec = spec;
    CommandLine cli = new CommandLine(spec);
    if (subcommand.equals("mcp")) {
      cli.addSubcommand("mcp", new McpCommand());
    } else {
      cli.addSubcommand("hook", new HookCommand());
    }
    cli.setExecutionExceptionHandler(EngramCommand::handleError);
    CommandLine.IParameterExceptionHandler usage = cli.getParameterExceptionHandler();
    cli.setParameterExceptionHandler((e, given) -> EngramCommand.handleUsageError(e, given, usage));
    return RedactedOutput.install(cli);
  }
}
