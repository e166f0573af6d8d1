package io.engram.bench.cli;

import io.engram.cli.EngramCommand;
import io.engram.cli.global.EngramVersion;
import io.engram.cli.global.GlobalOptions;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code bench}: the lab's timed harnesses, one subcommand per area, run from a clone with {@code ./bench}. Each
 * reports its figure against a baseline measured in the same run, so results compare across machines. They are
 * not part of engram.jar; they take the {@code engram} command's global options ({@code --home}, {@code
 * --project}) and print as it does.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    versionProvider = EngramVersion.class,
    description = {"Run a benchmark.", "Each reports a ratio against a baseline measured in the same run."},
    subcommands = {
      InstructionsBench.class,
      TranscriptBench.class,
      HookBench.class,
      CompactionBench.class,
      CompactionSpeedBench.class,
      BenchLocomoCommand.class,
      BenchRecallCommand.class,
      BenchCodingCommand.class,
      BenchHistoryCommand.class,
      IndexWritesBench.class,
      CorrectionsBench.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:success", "1:error (bad input, I/O failure)", "2:usage error"})
public final class BenchCommand implements Runnable {
  @Mixin GlobalOptions global;

  @Spec CommandSpec spec;

  /** The command over the given environment ({@code HOME}, {@code ENGRAM_HOME}, ...). */
  BenchCommand(Map<String, String> environment) {
    this.global = new GlobalOptions(environment);
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The configured command line over {@code environment}, as the {@code engram} command configures its own. */
  static CommandLine newCommandLine(Map<String, String> environment) {
    return EngramCommand.configure(new CommandLine(new BenchCommand(environment)));
  }

  /** Runs the command line and exits with its exit code; output is UTF-8 whatever the locale. */
  public static void main(String[] args) {
    CommandLine cli = newCommandLine(System.getenv());
    cli.setOut(new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8),
        true));
    cli.setErr(new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err), StandardCharsets.UTF_8),
        true));
    System.exit(cli.execute(args));
  }
}
