package io.engram.cli;

import io.engram.dream.Dream;
import io.engram.dream.DreamOptions;
import io.engram.dream.DreamProgress;
import io.engram.dream.DreamResult;
import io.engram.dream.Gate;
import io.engram.dream.GateReport;
import io.engram.dream.LockStatus;
import io.engram.dream.UndoResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram dream}: consolidates the project's memory (gates, lock, four phases, undo). */
@Command(
    name = "dream",
    mixinStandardHelpOptions = true,
    description = {
      "Consolidate the project's memory (the dream).",
      "Reads recent sessions, merges near-duplicates, pins relative dates, marks contradicted memories"
          + " superseded, flags stale ones and prunes MEMORY.md.",
      "Runs only when 24 hours and 5 sessions that touched memory have passed since the last dream (--force"
          + " skips both) and no other dream holds the lock. Nothing is deleted: merged-away files go to the"
          + " trash, and --undo restores the state before the last run."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:ran, planned, or waiting for its gates", "1:another dream holds the lock, or an error",
        "2:usage error"})
final class DreamCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--force", description = "Run although the time or session gate is closed (never past the lock).")
  boolean force;

  @Option(names = "--dry-run", description = "Print the changes as a unified diff and write nothing.")
  boolean dryRun;

  @Option(names = "--undo", description = "Restore the memory directory to its state before the last dream.")
  boolean undo;

  @Option(names = "--json", description = "Print the result as JSON (and no progress).")
  boolean json;

  @Override
  public Integer call() throws IOException {
    if (undo && (force || dryRun)) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--undo takes no --force or --dry-run");
    }
    GlobalOptions global = GlobalOptions.of(spec);
    Dream dream = new Dream(global.roots(), global.settings(), Models.router(global), Clock.systemUTC());
    PrintWriter out = spec.commandLine().getOut();
    if (undo) {
      return printUndo(out, dream.undo());
    }
    DreamProgress progress = json ? DreamProgress.NONE
        : new DreamProgressDisplay(spec.commandLine().getErr(), System.console() != null);
    DreamResult r = dream.run(new DreamOptions(force, dryRun), progress);
    if (progress instanceof DreamProgressDisplay d) {
      d.finish();
    }
    if (json) {
      JsonOutput.print(out, toJson(r));
    } else {
      printText(out, r);
    }
    return r.gates().closed().contains(Gate.LOCK) ? 1 : 0;
  }

  private int printUndo(PrintWriter out, Optional<UndoResult> undone) {
    if (json) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("undone", undone.isPresent());
      m.put("runId", undone.map(UndoResult::runId));
      m.put("restored", undone.map(UndoResult::restored).orElse(List.of()));
      m.put("removed", undone.map(UndoResult::removed).orElse(List.of()));
      JsonOutput.print(out, m);
    } else if (undone.isEmpty()) {
      out.println("no dream run to undo");
    } else {
      UndoResult u = undone.get();
      out.printf("undid dream run %s: restored %d file(s)%s%n", u.runId(), u.restored().size(),
          u.removed().isEmpty() ? "" : ", set aside " + u.removed().size() + " file(s) it created");
      u.restored().forEach(p -> out.println("  restored " + p));
      u.removed().forEach(p -> out.println("  set aside " + p));
    }
    out.flush();
    return 0;
  }

  private void printText(PrintWriter out, DreamResult r) {
    if (r.outcome() == DreamResult.Outcome.GATED) {
      out.println(Ansi.AUTO.string("@|bold dream not run|@: " + gateReasons(r.gates())));
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
      default -> "applied, run " + r.runId().orElse("?");
    };
    out.println(Ansi.AUTO.string("@|bold dream|@ " + what + ": " + r.memories() + " memories, "
        + r.sessions().size() + " session(s) read, " + r.candidates() + " candidate(s); engine " + r.engine()));
    r.changes().forEach(c -> out.println("  " + c));
    r.problems().forEach(p -> out.println("  skipped: " + p));
    if (r.outcome() == DreamResult.Outcome.APPLIED) {
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

  private static Map<String, Object> toJson(DreamResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT));
    Map<String, Object> gates = new LinkedHashMap<>();
    gates.put("closed", r.gates().closed().stream().map(g -> g.name().toLowerCase(Locale.ROOT)).toList());
    gates.put("lastConsolidation", r.gates().lastConsolidation());
    gates.put("sessionsSince", r.gates().sessionsSince());
    gates.put("forced", r.gates().forced());
    m.put("gates", gates);
    m.put("runId", r.runId());
    m.put("engine", r.engine());
    m.put("memories", r.memories());
    m.put("sessions", r.sessions());
    m.put("candidates", r.candidates());
    m.put("counts", r.counts());
    m.put("changes", r.changes());
    m.put("diff", r.diff());
    m.put("problems", r.problems());
    return m;
  }
}
