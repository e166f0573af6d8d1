package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.output.Styled;
import io.engram.Engram;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.service.wiring.RecallWiring;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecallResult;
import io.engram.recall.RecalledMemory;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram recall QUERY}: the memories recall would send for a query, each with why. */
@Examples({
    "engram recall how do we deploy the payments API",
    "engram recall --json flaky checkout test"})
@Command(
    name = "recall",
    mixinStandardHelpOptions = true,
    description = {
      "Show the memories recall would send for QUERY, and why.",
      "Ranking: BM25 + vectors (recall.vectors) fused (recall.fusion), hotness, superseded memories left out,"
          + " the model re-ranking the short list when one is configured, within the budgets"
          + " (${bundle:recall.filesPerTurn} files, ${bundle:recall.bytesPerFile.kb} each,"
          + " ${bundle:recall.bytesPerTurn.kb} a turn, ${bundle:recall.bytesPerSession.kb} a session).",
      "With --session ID, memories already sent in that session are not sent again and the session budget"
          + " holds across calls. Each recalled memory's last-recalled time and count are updated."})
public final class RecallCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "QUERY", description = "What to recall for (words are joined).")
  List<String> query;

  @Option(names = "--session", paramLabel = "ID", description = "Session id whose budget and no-repeat rule apply.")
  String session;

  @Mixin JsonOption json;

  @Override
  public Integer call() throws IOException {
    String text = String.join(" ", query).strip();
    if (text.isEmpty()) {
      throw new UserFacingException("recall: QUERY is empty");
    }
    GlobalOptions global = GlobalOptions.of(spec);
    Optional<String> sessionId = Optional.ofNullable(session).filter(s -> !s.isBlank());
    MemoryRecall.Outcome outcome = MemoryAccess.engram(spec, RecallWiring.Caller.INTERACTIVE,
        sessionId.orElse(Engram.COMMAND_LINE_SESSION), "engram").recall().recall(text, sessionId);
    List<String> notes = new ArrayList<>(outcome.notes());
    ChineseModelNote.forQuery(text, global).ifPresent(notes::add);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, toJson(outcome, notes, global));
    } else {
      printHuman(out, outcome, notes);
    }
    out.flush();
    return 0;
  }

  /** What {@code --json} prints. */
  record RecallJson(String query, Optional<String> session, @JsonUnwrapped Search search, List<Recalled> memories,
      List<RecallResult.LeftOut> leftOut, Budgets budgets, List<String> notes) {}

  /** How recall searched: keyword or hybrid retrieval, whether a model re-ranked, which index answered. */
  record Search(String retrieval, boolean reranked, String index) {}

  /** One memory recall would send, with its score rounded to six places. */
  record Recalled(String name, String id, String type, double score, int bytes, boolean truncated, String reason,
      String content) {}

  /** The budgets used and their limits. */
  record Budgets(int files, int filesPerTurn, int bytesPerFile, int turnBytes, int bytesPerTurn, int sessionBytes,
      int bytesPerSession) {}

  private static RecallJson toJson(MemoryRecall.Outcome outcome, List<String> notes, GlobalOptions global) {
    RecallResult r = outcome.result();
    List<Recalled> memories = r.memories().stream()
        .map(m -> new Recalled(m.name(), m.id(), m.type(), Math.round(m.score() * 1e6) / 1e6, m.bytes(),
            m.truncated(), m.reason(), m.content()))
        .toList();
    var s = global.settings().recall();
    Budgets budgets = new Budgets(r.memories().size(), s.filesPerTurn(), s.bytesPerFile(), r.turnBytes(),
        s.bytesPerTurn(), r.sessionBytes(), s.bytesPerSession());
    return new RecallJson(r.query(), outcome.session(), new Search(outcome.retrieval(), r.reranked(), outcome.index()),
        memories, r.leftOut(), budgets, notes);
  }

  private static void printHuman(PrintWriter out, MemoryRecall.Outcome outcome, List<String> notes) {
    RecallResult r = outcome.result();
    if (r.memories().isEmpty()) {
      out.println("no memory recalled for this query");
    }
    for (RecalledMemory m : r.memories()) {
      out.println(Styled.bold(m.name()) + " (" + m.type() + ", " + m.bytes() + " bytes): " + m.reason());
      out.println(m.content().strip());
      out.println();
    }
    for (RecallResult.LeftOut l : r.leftOut()) {
      out.println("left out " + l.id() + ": " + l.reason());
    }
    out.println("used " + r.turnBytes() + " bytes this turn, " + r.sessionBytes() + " in the session; "
        + outcome.retrieval() + (r.reranked() ? ", re-ranked by the model" : "") + "; index " + outcome.index());
    notes.forEach(n -> out.println("note: " + n));
  }
}
