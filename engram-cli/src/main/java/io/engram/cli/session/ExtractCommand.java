package io.engram.cli.session;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.cli.output.Styled;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.extract.ExtractionOutcome;
import io.engram.extract.ExtractionReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram extract}: the per-turn extraction pass over a transcript's new turns. */
@Examples({
    "engram extract --dry-run ~/.claude/projects/-work-app/3f2a9c1e.jsonl",
    "engram extract ~/.claude/projects/-work-app/3f2a9c1e.jsonl"})
@Command(
    name = "extract",
    mixinStandardHelpOptions = true,
    description = {
      "Save what a transcript's new turns teach into the project's memory.",
      "Reads the turns no earlier run read and writes memories with their provenance. Turns where the agent"
          + " already wrote memory are skipped; tool output never becomes a feedback memory. Uses the configured"
          + " model, else the offline rules."})
public final class ExtractCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin TranscriptFile transcript;

  @Mixin SessionOption session;

  @Option(names = "--dry-run", description = "Show what would be written; write nothing and keep the read point.")
  boolean dryRun;

  @Mixin JsonOption json;

  /** What {@code --json} prints: the pass and its memories, written, updated and skipped. */
  record ExtractJson(String sessionId, boolean dryRun, String engine, Optional<String> fallbackReason,
      @JsonUnwrapped ExtractionReport.MessagesRead read, List<Row> written, List<Row> updated, List<Row> skipped,
      List<Row> proposed) {}

  /** One memory the pass wrote, merged or skipped ({@code reason} says why), with its file if any. */
  record Row(String name, String type, String source, boolean trusted, String description, String body,
      Optional<String> reason, Optional<String> path) {}

  @Override
  public Integer call() throws IOException {
    // Read in bounded pieces from where the last pass stopped: a long session is never held whole.
    String id = transcript.sessionId(session.id());
    ExtractionReport report = MemoryAccess.engram(spec).extraction(id).runAs(transcript.path(), id, dryRun);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, json(report));
      return 0;
    }
    ExtractionReport.MessagesRead read = report.read();
    out.println(Styled.bold("Session " + report.sessionId()) + (dryRun ? " (dry run: nothing written)" : "")
        + ": messages " + read.fromMessage() + ".." + read.toMessage() + ", " + read.turnTexts() + " texts read");
    out.println("engine: " + report.engine() + report.fallbackReason().map(r -> " (fell back: " + r + ")").orElse(""));
    read.skippedRanges().forEach(r ->
        out.printf("skipped messages %d..%d: %s%n", r.fromMessage(), r.toMessage(), r.reason()));
    for (ExtractionOutcome o : report.outcomes()) {
      String verb = switch (o.kind()) {
        case CREATED -> dryRun ? "would create" : "created";
        case UPDATED -> dryRun ? "would update" : "updated";
        case SKIPPED -> "skipped";
        case PROPOSED -> dryRun ? "would propose" : "proposed";
      };
      out.printf("%-12s %-9s %-40s [%s%s]%s%n", verb, o.type().id(), o.name(), o.origin().source().id(),
          o.origin().trusted() ? "" : ", untrusted", o.reason().map(r -> " " + r).orElse(""));
    }
    if (report.outcomes().isEmpty()) {
      out.println("nothing worth remembering");
    }
    out.flush();
    return 0;
  }

  private static ExtractJson json(ExtractionReport r) {
    return new ExtractJson(r.sessionId(), r.dryRun(), r.engine(), r.fallbackReason(), r.read(),
        rows(r.of(ExtractionOutcome.Kind.CREATED)), rows(r.of(ExtractionOutcome.Kind.UPDATED)),
        rows(r.of(ExtractionOutcome.Kind.SKIPPED)), rows(r.of(ExtractionOutcome.Kind.PROPOSED)));
  }

  private static List<Row> rows(List<ExtractionOutcome> outcomes) {
    return outcomes.stream().map(o -> new Row(o.name(), o.type().id(), o.origin().source().id(), o.origin().trusted(),
        o.description(), o.body(), o.reason(), o.path())).toList();
  }
}
