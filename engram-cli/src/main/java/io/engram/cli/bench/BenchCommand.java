package io.engram.cli.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code engram bench}: timed harnesses, one subcommand per area. Each reports its figure against a
 * baseline measured in the same run, so results compare across machines.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {"Run a benchmark.", "Each reports a ratio against a baseline measured in the same run."},
    subcommands = {
      InstructionsBench.class,
      TranscriptBench.class,
      HookBench.class,
      CompactionBench.class,
      ClaudeCodeCompactionBench.class,
      BenchLocomoCommand.class,
      BenchRecallCommand.class,
      BenchCodingCommand.class,
      BenchHistoryCommand.class,
      IndexWritesBench.class
    })
public final class BenchCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
