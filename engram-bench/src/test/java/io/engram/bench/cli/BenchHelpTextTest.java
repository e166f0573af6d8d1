package io.engram.bench.cli;

import io.engram.cli.CommandHelpContract;
import java.util.List;
import picocli.CommandLine;

/** The lab's help holds to what the engram command's does (see {@link CommandHelpContract}). */
class BenchHelpTextTest extends CommandHelpContract {
  @Override
  protected CommandLine newCommandLine() {
    return BenchCommand.newCommandLine(System.getenv());
  }

  // The group prints its usage; help is picocli's.
  @Override
  protected List<String> commandsWithoutJson() {
    return List.of("bench", "bench help");
  }
}
