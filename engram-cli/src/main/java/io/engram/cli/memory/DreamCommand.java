package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.output.ProgressDisplay;
import io.engram.dream.Dream;
import io.engram.dream.DreamOptions;
import io.engram.dream.DreamResult;
import io.engram.dream.Gate;
import io.engram.dream.GateReport;
import io.engram.dream.LockStatus;
import io.engram.dream.UndoResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram dream}: consolidates the project's memory (gates, lock, four phases, undo). */
@Examples({
    "engram dream --dry-run",
    "engram dream --force",
    "engram dream --undo"})
@Command(
    name = "dream",
    mixinStandardHelpOptions = true,
    description = {
      "Consolidate the project's memory (the dream).",
      "Reads recent sessions, merges near-duplicates, pins relative dates, marks contradicted memories"
          + " superseded, flags stale ones, prunes MEMORY.md and empties the trash of files trashed more than"
          + " ${bundle:memory.trashRetentionDays} days ago.",
      "Runs only when ${bundle:dream.minHoursBetween} hours and ${bundle:dream.minSessions} sessions that touched"
          + " memory have passed since the last dream (--force"
          + " skips both) and no other dream holds the lock. Nothing is deleted: merged-away files go to the"
          + " trash, and --undo restores the state before the last run.",
      "Progress goes to stderr, and none with --json."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:ran, planned, or waiting for its gates", "1:another dream holds the lock, the run stopped at dream.timeBudgetSeconds, or an error",
        "2:usage error"})
public final class DreamCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--force", description = "Run although the time or session gate is closed (never past the lock).")
  boolean force;

  @Option(names = "--dry-run", description = "Print the changes as a unified diff and write nothing.")
  boolean dryRun;

  @Option(names = "--undo", description = "Restore the memory directory to its state before the last dream.")
  boolean undo;

  @Mixin JsonOption json;

  /** What {@code --json} prints for a run (or a run stopped by its gates). */
  record DreamJson(String outcome, Gates gates, Optional<String> runId, String engine, @JsonUnwrapped Input input,
      @JsonUnwrapped Plan plan, List<String> proposed, List<String> problems, List<String> purgedTrash) {}

  /** What the run read: the memories, the sessions gathered, the candidates they gave. */
  record Input(int memories, List<String> sessions, int candidates) {}

  /** The changes: how many of each kind, one line each, and the unified diff. */
  record Plan(Map<String, Integer> counts, List<String> changes, String diff) {}

  /** The gates: which are closed (time, sessions, lock) and what they measured. */
  record Gates(List<String> closed, Optional<Instant> lastConsolidation, int sessionsSince, boolean forced) {}

  /** What {@code --undo --json} prints. */
  record Undone(boolean undone, Optional<String> runId, List<String> restored, List<String> removed,
      List<UndoResult.Kept> kept) {}

  @Override
  public Integer call() throws IOException {
    if (undo && (force || dryRun)) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--undo takes no --force or --dry-run");
    }
    // Near-duplicates by meaning unless recall.vectors is NEVER, as every surface's dream.
    Dream dream = MemoryAccess.engram(spec).dream();
    PrintWriter out = spec.commandLine().getOut();
    if (undo) {
      return printUndo(out, dream.undo());
    }
    DreamProgressDisplay progress = new DreamProgressDisplay(ProgressDisplay.of(spec, "dream", json.enabled()));
    DreamResult r = dream.run(new DreamOptions(force, dryRun), progress);
    progress.finish();
    if (json.enabled()) {
      JsonOutput.print(out, toJson(r));
    } else {
      printText(out, r);
    }
    return r.gates().closed().contains(Gate.LOCK) || r.outcome() == DreamResult.Outcome.TIMED_OUT ? 1 : 0;
  }

  /** Prints what {@code --undo} did; exits 1 when there was nothing to undo, saying why. */
  private int printUndo(PrintWriter out, Optional<UndoResult> undone) {
    if (json.enabled()) {
      JsonOutput.print(out, new Undone(undone.isPresent(), undone.map(UndoResult::runId),
          undone.map(UndoResult::restored).orElse(List.of()), undone.map(UndoResult::removed).orElse(List.of()),
          undone.map(UndoResult::kept).orElse(List.of())));
    } else if (undone.isEmpty()) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("engram: no dream run to undo: no dream has changed this project's memory since the last undo");
      err.flush();
    } else {
      UndoResult u = undone.get();
      out.printf("undid dream run %s: restored %d file(s)%s%s%n", u.runId(), u.restored().size(),
          u.removed().isEmpty() ? "" : ", set aside " + u.removed().size() + " file(s) it created",
          u.kept().isEmpty() ? "" : ", kept " + u.kept().size() + " file(s) changed since the dream");
      u.restored().forEach(p -> out.println("  restored " + p));
      u.removed().forEach(p -> out.println("  set aside " + p));
      u.kept().forEach(k -> out.println("  kept " + k.path() + ": " + k.why()));
    }
    out.flush();
    return undone.isPresent() ? 0 : 1;
  }

  private void printText(PrintWriter out, DreamResult r) {
    if (r.outcome() == DreamResult.Outcome.GATED) {
      out.println(Ansi.AUTO.string("@|bold dream not run|@: ") + gateReasons(r.gates()));
      out.flush();
      return;
    }
    if (r.outcome() == DreamResult.Outcome.DRY_RUN && !r.diff().isEmpty()) {
      out.print(r.diff());
      if (!r.diff().endsWith("\n")) {
        out.println();
      }
    }
    String what = switch (r.outcome()) {
      case DRY_RUN -> "dry run, nothing written";
      case NOTHING_TO_DO -> "nothing to consolidate";
      case TIMED_OUT -> "stopped at its time budget, nothing written";
      case PROPOSED -> r.proposed().size() + " change(s) proposed to the review inbox (engram inbox list), "
          + r.runId().map(id -> "the index pruned, run " + id).orElse("nothing written");
      default -> "applied, run " + r.runId().orElse("?");
    };
    out.println(Ansi.AUTO.string("@|bold dream|@ ") + what + ": " + r.memories() + " memories, "
        + r.sessions().size() + " session(s) read, " + r.candidates() + " candidate(s); engine " + r.engine());
    r.proposed().forEach(c -> out.println("  proposed: " + c));
    String applied = r.outcome() == DreamResult.Outcome.PROPOSED ? "  applied: " : "  ";
    r.changes().forEach(c -> out.println(applied + c));
    r.problems().forEach(p -> out.println((r.outcome() == DreamResult.Outcome.TIMED_OUT ? "  " : "  skipped: ") + p));
    if (!r.purgedTrash().isEmpty()) {
      out.println("  purged " + r.purgedTrash().size() + " trashed file(s) past their retention: "
          + String.join(", ", r.purgedTrash()));
    }
    if (r.runId().isPresent()) {
      out.println("undo with: engram dream --undo");
    }
    out.flush();
  }

  static String gateReasons(GateReport g) {
    StringBuilder s = new StringBuilder();
    for (Gate gate : g.closed()) {
      if (s.length() > 0) {
        s.append("; ");
      }
      switch (gate) {
        case TIME -> s.append("last consolidation ").append(g.lastConsolidation().map(Object::toString).orElse("never"))
            .append(" is under the minimum hours ago (--force skips)");
        case SESSIONS -> s.append(g.sessionsSince()).append(" session(s) touched memory since, fewer than needed (--force skips)");
        case LOCK -> s.append("another dream holds the lock")
            .append(g.lock() instanceof LockStatus.Held h ? " (pid " + h.pid() + ", since " + h.startedAt() + ")" : "");
      }
    }
    return s.toString();
  }

  private static DreamJson toJson(DreamResult r) {
    GateReport g = r.gates();
    Gates gates = new Gates(g.closed().stream().map(c -> c.name().toLowerCase(Locale.ROOT)).toList(),
        g.lastConsolidation(), g.sessionsSince(), g.forced());
    return new DreamJson(r.outcome().name().toLowerCase(Locale.ROOT), gates, r.runId(), r.engine(),
        new Input(r.memories(), r.sessions(), r.candidates()), new Plan(r.counts(), r.changes(), r.diff()),
        r.proposed(), r.problems(), r.purgedTrash());
  }
}
