package io.engram.cli.wiring;

import io.engram.cli.global.GlobalOptions;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.recall.MemoryRecall;
import io.engram.service.wiring.RecallWiring;
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
    recoverInterruptedDream(global.roots(), global.settings(), spec.commandLine().getErr(), "engram");
    ProjectMemory memory =
        MemoryStores.open(global.roots(), global.settings(), Clock.systemUTC(), Dream.sessionCounter());
    report(memory, spec.commandLine().getErr(), "engram");
    return memory;
  }

  /** Recall over {@code memory} for {@code caller}, re-ranking with the model of {@code sessionId} if configured. */
  public static MemoryRecall recall(GlobalOptions global, ProjectMemory memory, RecallWiring.Caller caller,
      String sessionId) {
    return RecallWiring.recall(global.roots(), global.settings(), Models.router(global, sessionId), memory, caller);
  }

  /**
   * Rolls back a dream killed while it applied (see {@link Dream#recoverInterrupted}) before the store is
   * read, saying so on {@code err} once.
   */
  public static void recoverInterruptedDream(EngramRoots roots, EngramSettings settings, PrintWriter err,
      String prefix) throws IOException {
    Dream.recoverInterrupted(roots, settings).ifPresent(note -> {
      err.println(prefix + ": " + note);
      err.flush();
    });
  }

  /** Writes one line per leftover the opening cleared, each starting with {@code prefix}. */
  public static void report(ProjectMemory memory, PrintWriter err, String prefix) {
    memory.leftovers().forEach(l -> err.println(prefix + ": " + l.describe()));
    err.flush();
  }
}
