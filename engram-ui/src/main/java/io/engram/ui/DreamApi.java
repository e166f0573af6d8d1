package io.engram.ui;

import io.engram.dream.Dream;
import io.engram.dream.DreamOptions;
import io.engram.dream.DreamProgress;
import io.engram.dream.DreamResult;
import io.engram.dream.DreamRun;
import io.engram.dream.GateReport;
import io.engram.dream.UndoResult;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The dream part of the UI's JSON API: the applied runs with their phases and diffs, a dry-run preview of a
 * forced dream, the forced dream itself, and the undo of the last run, each the same call as
 * {@code engram dream --dry-run --force}, {@code engram dream --force} and {@code engram dream --undo}.
 */
final class DreamApi {
  private final Dream dream;

  DreamApi(Dream dream) {
    this.dream = dream;
  }

  /** The runs, newest first, and the gates a dream without force would meet now. */
  record Runs(List<DreamRun> runs, Gates gates) {}

  /** The gates: which are closed, the last consolidation and the sessions since. */
  record Gates(List<String> closed, Optional<Instant> lastConsolidation, int sessionsSince) {}

  /** What a preview or a run did. */
  record Outcome(String outcome, Optional<String> runId, String engine, int memories, int sessions, int candidates,
      Map<String, Integer> counts, List<String> changes, List<String> proposed, List<String> problems, String diff,
      Gates gates) {}

  /** What an undo did. */
  record Undone(String runId, List<String> restored, List<String> removed, List<UndoResult.Kept> kept) {}

  void answer(UiExchange x, String route) throws IOException, UiExchange.Refusal {
    boolean get = x.method().equals("GET") || x.method().equals("HEAD");
    switch (route) {
      case "dreams" -> {
        if (!get) {
          throw new UiExchange.Refusal(405, "read with GET");
        }
        x.json(200, new Runs(dream.history(), gates(dream.gates(false))));
      }
      case "dream/preview" -> x.json(200, outcome(post(get, () -> dream.run(new DreamOptions(true, true),
          DreamProgress.NONE))));
      case "dream/run" -> x.json(200, outcome(post(get, () -> dream.run(new DreamOptions(true, false),
          DreamProgress.NONE))));
      case "dream/undo" -> {
        Optional<UndoResult> u = post(get, dream::undo);
        if (u.isEmpty()) {
          throw new UiExchange.Refusal(409, "no dream run to undo");
        }
        x.json(200, new Undone(u.get().runId(), u.get().restored(), u.get().removed(), u.get().kept()));
      }
      default -> throw new UiExchange.Refusal(404, "no API " + route);
    }
  }

  private interface Call<T> {
    T run() throws IOException;
  }

  private static <T> T post(boolean get, Call<T> call) throws IOException, UiExchange.Refusal {
    if (get) {
      throw new UiExchange.Refusal(405, "change with POST");
    }
    try {
      return call.run();
    } catch (IOException e) {
      // The dream refuses while another run holds its lock; nothing changed.
      if (e.getMessage() != null && e.getMessage().startsWith("a dream is running")) {
        throw new UiExchange.Refusal(409, e.getMessage());
      }
      throw e;
    }
  }

  private static Gates gates(GateReport g) {
    return new Gates(g.closed().stream().map(c -> c.name().toLowerCase(Locale.ROOT)).sorted().toList(),
        g.lastConsolidation(), g.sessionsSince());
  }

  private static Outcome outcome(DreamResult r) {
    return new Outcome(r.outcome().name().toLowerCase(Locale.ROOT), r.runId(), r.engine(), r.memories(),
        r.sessions().size(), r.candidates(), r.counts(), r.changes(), r.proposed(), r.problems(), r.diff(),
        gates(r.gates()));
  }
}
