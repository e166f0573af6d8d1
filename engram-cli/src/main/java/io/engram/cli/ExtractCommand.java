package io.engram.cli;

import io.engram.extract.ExtractionOutcome;
import io.engram.extract.ExtractionPass;
import io.engram.extract.ExtractionReport;
import io.engram.memory.ProjectMemory;
import io.engram.transcript.Transcript;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
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

/** {@code engram extract}: the per-turn extraction pass over a transcript's new turns. */
@Command(
    name = "extract",
    mixinStandardHelpOptions = true,
    description = {
      "Save what a transcript's new turns teach into the project's memory.",
      "Reads the turns no earlier run read and writes memories with their provenance. Turns where the agent"
          + " already wrote memory are skipped; tool output never becomes a feedback memory. Uses the configured"
          + " model, else the offline rules."})
final class ExtractCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "TRANSCRIPT", description = "A Claude Code transcript (JSONL).")
  Path transcript;

  @Option(names = "--session", paramLabel = "ID", description = "Session id (default: the transcript's).")
  String session;

  @Option(names = "--dry-run", description = "Show what would be written; write nothing and keep the read point.")
  boolean dryRun;

  @Option(names = "--json", description = "Print written/updated/skipped memories as JSON.")
  boolean json;

  @Override
  public Integer call() throws IOException {
    GlobalOptions global = GlobalOptions.of(spec);
    Transcript t = TranscriptArgument.read(transcript, Optional.ofNullable(session));
    ProjectMemory store = MemoryAccess.open(spec);
    ExtractionPass pass = new ExtractionPass(global.settings(), Models.router(global, t.sessionId()), store,
        global.roots().engramHome(), Clock.systemUTC());
    ExtractionReport report = pass.run(t, dryRun);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      JsonOutput.print(out, json(report));
      return 0;
    }
    out.println(Ansi.AUTO.string("@|bold Session " + report.sessionId() + "|@" + (dryRun ? " (dry run: nothing written)" : "")
        + ": messages " + report.fromMessage() + ".." + report.toMessage() + ", " + report.turnTexts() + " texts read"));
    out.println("engine: " + report.engine() + report.fallbackReason().map(r -> " (fell back: " + r + ")").orElse(""));
    report.skippedRanges().forEach(r ->
        out.printf("skipped messages %d..%d: %s%n", r.fromMessage(), r.toMessage(), r.reason()));
    for (ExtractionOutcome o : report.outcomes()) {
      String verb = switch (o.kind()) {
        case CREATED -> dryRun ? "would create" : "created";
        case UPDATED -> dryRun ? "would update" : "updated";
        case SKIPPED -> "skipped";
      };
      out.printf("%-12s %-9s %-40s [%s%s]%s%n", verb, o.type().id(), o.name(), o.source().id(),
          o.trusted() ? "" : ", untrusted", o.reason().map(r -> " " + r).orElse(""));
    }
    if (report.outcomes().isEmpty()) {
      out.println("nothing worth remembering");
    }
    out.flush();
    return 0;
  }

  private static Map<String, Object> json(ExtractionReport r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sessionId", r.sessionId());
    m.put("dryRun", r.dryRun());
    m.put("engine", r.engine());
    m.put("fallbackReason", r.fallbackReason().orElse(null));
    m.put("fromMessage", r.fromMessage());
    m.put("toMessage", r.toMessage());
    m.put("turnTexts", r.turnTexts());
    m.put("skippedRanges", r.skippedRanges());
    m.put("written", rows(r.of(ExtractionOutcome.Kind.CREATED)));
    m.put("updated", rows(r.of(ExtractionOutcome.Kind.UPDATED)));
    m.put("skipped", rows(r.of(ExtractionOutcome.Kind.SKIPPED)));
    return m;
  }

  private static List<Map<String, Object>> rows(List<ExtractionOutcome> outcomes) {
    return outcomes.stream().map(o -> {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("name", o.name());
      row.put("type", o.type().id());
      row.put("source", o.source().id());
      row.put("trusted", o.trusted());
      row.put("description", o.description());
      row.put("body", o.body());
      row.put("reason", o.reason().orElse(null));
      row.put("path", o.path().orElse(null));
      return row;
    }).toList();
  }
}
