package io.engram.cli.memory;

import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.imports.AgentHomes;
import io.engram.imports.ImportOutcome;
import io.engram.imports.ImportSource;
import io.engram.imports.MemoryImport;
import io.engram.recall.Embedder;
import io.engram.service.wiring.RecallWiring;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code engram import --from AGENT}: brings in what another agent keeps of its own memory. */
@Command(name = "import", mixinStandardHelpOptions = true,
    description = {"Bring into this project's memory what another agent keeps of its own.",
        "From Claude Code, the project's auto memory (~/.claude/projects/<project>/memory); from Codex, the"
            + " consolidated MEMORY.md of the project, of the user and of the machine (~/.codex/memories, or"
            + " $CODEX_HOME); from Gemini CLI, the project's private memory folder and the facts it added to"
            + " ~/.gemini/GEMINI.md.",
        "What the store already says, by words or, with the embedding model, by meaning, is not written again; each"
            + " memory written records the agent it came from."})
public final class ImportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--from", required = true, paramLabel = "AGENT", converter = SourceConverter.class,
      description = "The agent to import from: claude-code, codex or gemini.")
  ImportSource source;

  @Option(names = "--dry-run", description = "Say what would be imported; write nothing.")
  boolean dryRun;

  @Mixin JsonOption json;

  @Override
  public Integer call() throws IOException {
    GlobalOptions global = GlobalOptions.of(spec);
    Optional<Embedder> embedder = RecallWiring.embedder(global.roots().engramHome(), global.settings().recall(),
        RecallWiring.Caller.INTERACTIVE).map(Supplier::get);
    MemoryImport.ImportReport report = MemoryImport.of(MemoryAccess.open(spec), global.settings(), embedder,
        Clock.systemUTC()).run(source, AgentHomes.of(global.roots(), global.settings(), global.environment()), dryRun);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    report.problems().forEach(p -> err.println("engram: " + p));
    err.flush();
    if (json.enabled()) {
      JsonOutput.print(out, report);
      return 0;
    }
    report.note().ifPresent(out::println);
    for (ImportOutcome o : report.outcomes()) {
      switch (o.kind()) {
        case CREATED -> out.printf("%s '%s' (from %s)%n", dryRun ? "would import" : "imported", o.name(), o.from());
        case KNOWN -> out.printf("already known as '%s': '%s' (from %s)%n", o.detail().orElse(""), o.name(), o.from());
        case SKIPPED -> out.printf("skipped '%s': %s%n", o.name(), o.detail().orElse(""));
      }
    }
    out.printf("%d %s, %d already known, %d skipped (compared by %s)%n", report.count(ImportOutcome.Kind.CREATED),
        dryRun ? "to import" : "imported", report.count(ImportOutcome.Kind.KNOWN),
        report.count(ImportOutcome.Kind.SKIPPED), report.comparison());
    out.flush();
    return 0;
  }

  /** {@code --from}'s values: the agents' ids. */
  static final class SourceConverter implements ITypeConverter<ImportSource> {
    @Override
    public ImportSource convert(String value) {
      return ImportSource.parse(value).orElseThrow(() -> new TypeConversionException(
          "'" + value + "' is not an agent to import from: claude-code, codex or gemini"));
    }
  }
}
