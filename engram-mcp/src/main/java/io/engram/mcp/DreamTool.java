package io.engram.mcp;

import io.engram.Engram;
import io.engram.dream.DreamOptions;
import io.engram.dream.DreamPhase;
import io.engram.dream.DreamProgress;
import io.engram.dream.DreamResult;
import io.engram.mcp.transport.LogLevel;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code dream} tool: consolidates the project's memories through {@link io.engram.dream.Dream}, as {@code engram
 * dream} does, journalled and undoable. Its phases are the progress a client hears; a call cancelled while the dream
 * plans stops there and changes nothing, and one cancelled once it applies finishes applying (stopping half way
 * would leave half a plan on disk) and is not answered.
 */
final class DreamTool {
  private final Engram engram;

  DreamTool(Engram engram) {
    this.engram = engram;
  }

  ToolDef def() {
    return new ToolDef("dream", "Consolidate memories (dream)", "Consolidate this project's memories as the periodic"
        + " dream does: merge near-duplicates, mark what newer memories supersede, turn relative dates into absolute"
        + " ones, prune the MEMORY.md index. Every change is journalled and undoable (engram dream --undo). Use"
        + " dryRun to see the changes without writing them. It takes a while on a large memory: send a"
        + " progressToken to hear each phase; a call cancelled before it applies changes nothing.",
        ToolDef.Effect.writes(true, false),
        Schemas.arguments("\"dryRun\":{\"type\":\"boolean\",\"description\":\"Plan and show the changes and their"
            + " diff, write nothing\"},\"force\":{\"type\":\"boolean\",\"description\":\"Run although the time and"
            + " session gates are closed (a dream usually waits a day and a few sessions)\"}"),
        Schemas.object("\"outcome\":{\"type\":\"string\",\"enum\":[\"applied\",\"proposed\",\"dry_run\",\"nothing_to_do\","
            + "\"gated\",\"timed_out\"]},\"runId\":{\"type\":\"string\",\"description\":\"The applied run, for"
            + " engram dream --undo\"},\"engine\":{\"type\":\"string\",\"description\":\"model or offline\"},"
            + "\"memories\":{\"type\":\"integer\"},\"candidates\":{\"type\":\"integer\"},\"changes\":"
            + Schemas.strings("Each change, in words") + ",\"diff\":{\"type\":\"string\",\"description\":"
            + "\"The unified diff of the changes\"},\"closedGates\":" + Schemas.strings("The gates that held the"
            + " dream back (time, sessions, lock)") + ",\"proposed\":" + Schemas.strings("Each change put in the"
            + " review inbox instead (memory.review at propose)") + ",\"problems\":" + Schemas.strings("What went wrong or was"
            + " left out") + ",\"text\":" + Schemas.TEXT, "outcome", "changes", "proposed", "problems",
            "closedGates", "text"),
        this::run);
  }

  private ToolDef.ToolAnswer run(ToolCall call) throws IOException {
    boolean dryRun = call.args().flag("dryRun");
    boolean force = call.args().flag("force");
    call.stopIfCancelled();
    DreamResult r = engram.dream().run(new DreamOptions(force, dryRun), new Phases(call));
    String outcome = r.outcome().name().toLowerCase(Locale.ROOT);
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("outcome", outcome);
    r.runId().ifPresent(id -> result.put("runId", id));
    result.put("engine", r.engine());
    result.put("memories", r.memories());
    result.put("candidates", r.candidates());
    result.put("changes", r.changes());
    result.put("diff", r.diff());
    java.util.List<String> closed = r.gates().closed().stream().map(g -> g.name().toLowerCase(Locale.ROOT)).sorted()
        .toList();
    result.put("closedGates", closed);
    result.put("proposed", r.proposed());
    result.put("problems", r.problems());
    String text = switch (r.outcome()) {
      case APPLIED -> "dream applied (run " + r.runId().orElse("") + "): " + r.changes().size() + " change(s)";
      case PROPOSED -> "dream proposed " + r.proposed().size() + " change(s) to the review inbox (the inbox tool), "
          + r.runId().map(id -> "pruned the index (run " + id + ")").orElse("nothing written")
          + (r.proposed().isEmpty() ? "" : "\n\n- proposed: " + String.join("\n- proposed: ", r.proposed()));
      case DRY_RUN -> "dream preview, nothing written: " + r.changes().size() + " change(s)";
      case NOTHING_TO_DO -> "dream: nothing to consolidate";
      case GATED -> "dream held back by its gates (" + String.join(", ", closed) + "); force runs it anyway";
      case TIMED_OUT -> "dream stopped at its time budget; nothing was applied";
    };
    String shown = text + (r.changes().isEmpty() ? "" : "\n\n- " + String.join("\n- ", r.changes()));
    result.put("text", shown);
    return new ToolDef.ToolAnswer(shown, result);
  }

  /** The dream's phases as progress; a cancelled call stops at the next phase or item before the dream applies. */
  private static final class Phases implements DreamProgress {
    private final ToolCall call;
    private volatile DreamPhase current;

    Phases(ToolCall call) {
      this.call = call;
    }

    @Override
    public void phase(DreamPhase phase, int items) {
      current = phase;
      String what = phase.name().toLowerCase(Locale.ROOT) + (items > 0 ? " (" + items + " item(s))" : "");
      if (phase == DreamPhase.APPLY) {
        call.report(phase.ordinal() + 1, DreamPhase.values().length, what); // too late to stop: it finishes
      } else {
        call.step(phase.ordinal() + 1, DreamPhase.values().length, what);
      }
      call.log(LogLevel.INFO, "dream: " + phase.name().toLowerCase(Locale.ROOT));
    }

    @Override
    public void item(String label) {
      if (current != DreamPhase.APPLY) {
        call.stopIfCancelled();
      }
    }
  }
}
