package io.engram.cli.wiring;

import io.engram.Engram;
import io.engram.cli.global.GlobalOptions;
import io.engram.memory.ProjectMemory;
import io.engram.service.wiring.ProductEngram;
import io.engram.service.wiring.RecallWiring;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/** Opens the command's project: its {@link Engram}, built as every surface builds it ({@link ProductEngram}). */
public final class MemoryAccess {
  private MemoryAccess() {}

  /**
   * The Engram of the project the command's global options name, for {@code caller}, its model use booked on
   * {@code sessionId}; what opening it cleared (a dream killed while applying, leftovers of interrupted writes) is
   * reported on stderr, once, each line starting with {@code prefix}.
   */
  public static Engram engram(CommandSpec spec, RecallWiring.Caller caller, String sessionId, String prefix)
      throws IOException {
    GlobalOptions global = GlobalOptions.of(spec);
    Engram engram = ProductEngram.builder(global.roots(), global.settings(), global.environment(), caller)
        .session(sessionId).build();
    PrintWriter err = spec.commandLine().getErr();
    engram.openingNotes().forEach(note -> err.println(prefix + ": " + note));
    err.flush();
    return engram;
  }

  /** The Engram of the command's project for work started from the command line itself. */
  public static Engram engram(CommandSpec spec) throws IOException {
    return engram(spec, RecallWiring.Caller.INTERACTIVE, Engram.COMMAND_LINE_SESSION, "engram");
  }

  /**
   * The memory of the project the command's global options name; what interrupted writes had left there
   * is cleared on opening and reported on stderr, once.
   */
  public static ProjectMemory open(CommandSpec spec) throws IOException {
    return engram(spec).memory();
  }

}
