package io.engram.cli;

import io.engram.memory.ProjectMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecallResult;
import io.engram.recall.RecalledMemory;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram recall QUERY}: the memories recall would send for a query, each with why. */
@Command(
    name = "recall",
    mixinStandardHelpOptions = true,
    description = {
      "Show the memories recall would send for QUERY, and why.",
      "Ranking: BM25 + vectors (recall.vectors) fused (recall.fusion), hotness, superseded memories left out,"
          + " the model re-ranking the short list when one is configured, within the budgets (5 files, 4 KB"
          + " each, 20 KB a turn, 60 KB a session).",
      "With --session ID, memories already sent in that session are not sent again and the session budget"
          + " holds across calls. Each recalled memory's last-recalled time and count are updated."})
final class RecallCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "QUERY", description = "What to recall for (words are joined).")
  List<String> query;

  @Option(names = "--session", paramLabel = "ID", description = "Session id whose budget and no-repeat rule apply.")
  String session;

  @Option(names = "--json", description = "Print {memories: [{name, score, bytes, reason, ...}], leftOut, budgets, ...}.")
  boolean json;

  @Override
  public Integer call() throws IOException {
    String text = String.join(" ", query).strip();
    if (text.isEmpty()) {
      throw new UserFacingException("recall: QUERY is empty");
    }
    GlobalOptions global = GlobalOptions.of(spec);
    ProjectMemory memory = MemoryAccess.open(spec);
    Optional<String> sessionId = Optional.ofNullable(session).filter(s -> !s.isBlank());
    MemoryRecall recall = RecallWiring.recall(global, memory, RecallWiring.Caller.INTERACTIVE,
        sessionId.orElse(Models.CLI_SESSION));
    MemoryRecall.Outcome outcome = recall.recall(text, sessionId);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      JsonOutput.print(out, toJson(outcome, global));
    } else {
      printHuman(out, outcome);
    }
    out.flush();
    return 0;
  }

  private static Map<String, Object> toJson(MemoryRecall.Outcome outcome, GlobalOptions global) {
    RecallResult r = outcome.result();
    List<Map<String, Object>> memories = new ArrayList<>();
    for (RecalledMemory m : r.memories()) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("name", m.name());
      e.put("id", m.id());
      e.put("type", m.type());
      e.put("score", Math.round(m.score() * 1e6) / 1e6);
      e.put("bytes", m.bytes());
      e.put("truncated", m.truncated());
      e.put("reason", m.reason());
      e.put("content", m.content());
      memories.add(e);
    }
    List<Map<String, Object>> leftOut = new ArrayList<>();
    for (RecallResult.LeftOut l : r.leftOut()) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("id", l.id());
      e.put("reason", l.reason());
      leftOut.add(e);
    }
    var s = global.settings().recall();
    Map<String, Object> budgets = new LinkedHashMap<>();
    budgets.put("files", r.memories().size());
    budgets.put("filesPerTurn", s.filesPerTurn());
    budgets.put("bytesPerFile", s.bytesPerFile());
    budgets.put("turnBytes", r.turnBytes());
    budgets.put("bytesPerTurn", s.bytesPerTurn());
    budgets.put("sessionBytes", r.sessionBytes());
    budgets.put("bytesPerSession", s.bytesPerSession());
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("query", r.query());
    result.put("session", outcome.session().orElse(null));
    result.put("retrieval", outcome.retrieval());
    result.put("reranked", r.reranked());
    result.put("index", outcome.index());
    result.put("memories", memories);
    result.put("leftOut", leftOut);
    result.put("budgets", budgets);
    result.put("notes", outcome.notes());
    return result;
  }

  private static void printHuman(PrintWriter out, MemoryRecall.Outcome outcome) {
    RecallResult r = outcome.result();
    if (r.memories().isEmpty()) {
      out.println("no memory recalled for this query");
    }
    for (RecalledMemory m : r.memories()) {
      out.println(Ansi.AUTO.string("@|bold " + m.name() + "|@ (" + m.type() + ", " + m.bytes() + " bytes): "
          + m.reason()));
      out.println(m.content().strip());
      out.println();
    }
    for (RecallResult.LeftOut l : r.leftOut()) {
      out.println("left out " + l.id() + ": " + l.reason());
    }
    out.println("used " + r.turnBytes() + " bytes this turn, " + r.sessionBytes() + " in the session; "
        + outcome.retrieval() + (r.reranked() ? ", re-ranked by the model" : "") + "; index " + outcome.index());
    outcome.notes().forEach(n -> out.println("note: " + n));
  }
}
