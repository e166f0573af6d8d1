package io.engram.cli.wiring;

import io.engram.cli.GlobalOptions;
import io.engram.dream.Dream;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import picocli.CommandLine.Model.CommandSpec;

/** Opens the memory of the command's project. */
public final class MemoryAccess {
  private MemoryAccess() {}

  /**
   * The memory of the project the command's global options name; what interrupted writes had left there
   * is cleared on opening and reported on stderr, once.
   */
  public static ProjectMemory open(CommandSpec spec) throws IOException {
    GlobalOptions global = GlobalOptions.of(spec);
    ProjectMemory memory =
        MemoryStores.open(global.roots(), global.settings(), Clock.systemUTC(), Dream.sessionCounter());
    report(memory, spec.commandLine().getErr(), "engram");
    return memory;
  }

  /** Writes one line per leftover the opening cleared, each starting with {@code prefix}. */
  public static void report(ProjectMemory memory, PrintWriter err, String prefix) {
    memory.leftovers().forEach(l -> err.println(prefix + ": " + l.describe()));
    err.flush();
  }
}
