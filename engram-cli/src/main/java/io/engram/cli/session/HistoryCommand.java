package io.engram.cli.session;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.output.Styled;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.history.HistoryHit;
import io.engram.history.PastSessions;
import io.engram.history.PastTurn;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code engram history QUERY}: the turns of this project's past sessions that match what was said. */
@Examples({
    "engram history flaky checkout test",
    "engram history --limit 3 --transcript old-session.jsonl payment stub"})
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    description = {
      "Search what was said and done in this project's past sessions.",
      "Reads the transcripts Engram has seen for the project, the sessions SpecStory saved in it"
          + " (.specstory/history/*.md) and any --transcript, from where the last read"
          + " stopped, then finds the turns matching QUERY: the person's prompts and the agent's words, tool"
          + " names and files (never tool output). Each hit names its session, date and the transcript line"
          + " it begins on. Nothing here is ever sent to a session unasked."})
public final class HistoryCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "QUERY", description = "What to look for (words are joined).")
  List<String> query;

  @Option(names = "--limit", paramLabel = "N",
      description = "Turns to show (default: ${bundle:recall.historyResults}).")
  Integer limit;

  @Option(names = "--transcript", paramLabel = "FILE",
      description = "Also read this transcript (any agent's, or SpecStory's .md) into the history; repeatable.")
  List<Path> transcripts = List.of();

  @Mixin JsonOption json;

  /** What {@code --json} prints. */
  record HistoryJson(String query, List<Hit> hits, int transcriptsRead, int turnsAdded, List<String> problems) {}

  /** One turn found: where it is, its score, and what was said and done in it. */
  record Hit(@JsonUnwrapped Where where, double score, @JsonUnwrapped Said said) {}

  /** A turn's session, date, speaker and link ({@code <transcript>:<line>}, and the record's uuid). */
  record Where(String session, Optional<String> date, String role, String link, Optional<String> uuid) {}

  /** What a turn said, the tools it called and the files they named. */
  record Said(List<String> tools, List<String> files, String text) {}

  @Override
  public Integer call() throws IOException {
    String text = String.join(" ", query).strip();
    if (text.isEmpty()) {
      throw new UserFacingException("history: QUERY is empty");
    }
    GlobalOptions global = GlobalOptions.of(spec);
    int n = limit == null ? global.settings().recall().historyResults() : limit;
    if (n <= 0) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--limit must be positive, was " + n);
    }
    Map<String, Path> extra = new LinkedHashMap<>();
    for (Path t : transcripts) {
      if (!Files.isRegularFile(t)) {
        throw new UserFacingException("history: transcript not found: " + t);
      }
      String name = t.getFileName().toString();
      extra.put(name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name, t);
    }
    PastSessions sessions = MemoryAccess.engram(spec).history();
    PastSessions.Found found = sessions.find(text, n, extra);
    PrintWriter out = spec.commandLine().getOut();
    List<Hit> hits = found.hits().stream().map(HistoryCommand::hit).toList();
    if (json.enabled()) {
      JsonOutput.print(out, new HistoryJson(text, hits, found.read().transcripts(), found.read().turns(),
          found.read().problems()));
    } else {
      printHuman(out, hits, found);
    }
    out.flush();
    return 0;
  }

  private static Hit hit(HistoryHit h) {
    PastTurn t = h.turn();
    return new Hit(new Where(t.sessionId(), t.timestamp().map(Object::toString), t.role(), t.link(), t.uuid()),
        Math.round(h.score() * 1e4) / 1e4, new Said(t.tools(), t.files(), t.text()));
  }

  private static void printHuman(PrintWriter out, List<Hit> hits, PastSessions.Found found) {
    if (hits.isEmpty()) {
      out.println("no past turn matches (" + found.read().transcripts() + " transcripts read)");
    }
    for (Hit h : hits) {
      Where w = h.where();
      out.println(Styled.bold(w.session()) + " " + w.date().orElse("(no date)") + " " + w.role() + " @ " + w.link());
      Said s = h.said();
      if (!s.tools().isEmpty()) {
        out.println("  tools: " + String.join(", ", s.tools()) + (s.files().isEmpty() ? ""
            : "; files: " + String.join(", ", s.files())));
      }
      s.text().strip().lines().forEach(l -> out.println("  " + l));
      out.println();
    }
    found.read().problems().forEach(p -> out.println("note: could not read " + p));
  }
}
