package io.engram.cli;

import io.engram.cli.integration.HookCommand;
import io.engram.cli.output.RedactedOutput;
import io.engram.redact.SecretRedactor;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A command line holding only the root options and {@code hook}, for {@code engram [global options] hook
 * EVENT}. Claude Code starts a JVM for every hook call, and building the full command tree (every
 * subcommand inspected by reflection) costs more than the hook's own work; see docs/BENCHMARKS.md.
 */
final class HookFastPath {
  private static final Set<String> GLOBAL_WITH_VALUE = Set.of("--home", "--project", "--user-home");
  private static final Set<String> HELP = Set.of("-h", "--help", "-V", "--version");

  private HookFastPath() {}

  /** True when {@code args} name the {@code hook} subcommand after nothing but global options, without help. */
  static boolean applies(String[] args) {
    List<String> list = List.of(args);
    if (list.stream().anyMatch(HELP::contains)) {
      return false;
    }
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (GLOBAL_WITH_VALUE.contains(a)) {
        i++;
      } else if (GLOBAL_WITH_VALUE.stream().noneMatch(g -> a.startsWith(g + "="))) {
        return a.equals("hook");
      }
    }
    return false;
  }

  /** The reduced command line: the root's global options, its error handling, and {@code hook}. */
  static CommandLine commandLine() {
    // Every answer and log line of a hook is redacted; the redactor's ~250 rules take a moment to load in a
    // fresh JVM, so they load on the second core while the hook reads its input, settings and transcript.
    Thread warm = new Thread(SecretRedactor::standard, "engram-redactor-warmup");
    warm.setDaemon(true);
    warm.start();
    EngramCommand root = new EngramCommand();
    CommandSpec spec = CommandSpec.wrapWithoutInspection(root);
    spec.name("engram");
    spec.addMixin("global", CommandSpec.forAnnotatedObject(root.global));
    root.spec = spec;
    CommandLine cli = new CommandLine(spec);
    cli.addSubcommand("hook", new HookCommand());
    cli.setExecutionExceptionHandler(EngramCommand::handleError);
    return RedactedOutput.install(cli);
  }
}
