package io.engram.cli.wiring;

import io.engram.cli.GlobalOptions;
import io.engram.dream.Dream;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import java.io.IOException;
import java.time.Clock;
import picocli.CommandLine.Model.CommandSpec;

/** Opens the memory of the command's project. */
public final class MemoryAccess {
  private MemoryAccess() {}

  /** The memory of the project the command's global options name. */
  public static ProjectMemory open(CommandSpec spec) throws IOException {
    GlobalOptions global = GlobalOptions.of(spec);
    return MemoryStores.open(global.roots(), global.settings(), Clock.systemUTC(), Dream.sessionCounter());
  }
}
