package io.engram.cli.memory;

import io.engram.cli.output.Examples;
import io.engram.Engram;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.output.ProgressDisplay;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.config.EngramSettings;
import io.engram.dream.NearDuplicates;
import io.engram.imports.AgentHomes;
import io.engram.imports.ImportOutcome;
import io.engram.imports.ImportSource;
import io.engram.imports.MemoryImport;
import io.engram.memory.MemoryStores;
import io.engram.memory.ProjectMemory;
import io.engram.portable.BundleEntry;
import io.engram.portable.BundleImport;
import io.engram.portable.BundleSource;
import io.engram.recall.Embedder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code engram import}: memories from elsewhere into this project's, merged by meaning: a bundle {@code engram
 * export} wrote, another Engram home, or what another agent keeps of its own memory.
 */
@Examples({
    "engram import memories.zip",
    "engram import --from claude-code --dry-run",
    "engram import --from engram-home --all ~/old-engram-home"})
@Command(name = "import", mixinStandardHelpOptions = true,
    description = {"Bring memories in, merged with what is here so nothing is there twice.",
        "With PATH, it reads a bundle 'engram export' wrote (a .zip or a directory); --from engram-home PATH"
            + " reads another Engram home (this project's memories, or every project's with --all). Each memory keeps"
            + " its frontmatter, its store (project or user) and, when the source kept them, its versions; one of"
            + " the same name, or one that says the same under another name, is merged into what is here.",
        "--from claude-code|codex|gemini brings in what that agent keeps of its own: from Claude Code, the project's"
            + " auto memory (~/.claude/projects/<project>/memory); from Codex, the consolidated MEMORY.md of the"
            + " project, of the user and of the machine (~/.codex/memories, or $CODEX_HOME); from Gemini CLI, the"
            + " project's private memory folder and the facts it added to ~/.gemini/GEMINI.md. What the store"
            + " already says is not written again; each memory written records the agent it came from.",
        "Memories are compared by words and, with the embedding model, by meaning. --dry-run writes nothing."})
public final class ImportCommand implements Callable<Integer> {
  private static final String ENGRAM_HOME = "engram-home";
  private static final String BUNDLE = "bundle";

  @Spec CommandSpec spec;

  @Option(names = "--from", paramLabel = "SOURCE",
      description = "bundle (the default, with PATH), engram-home (with PATH), or an agent: claude-code, codex, gemini.")
  String from;

  @Parameters(arity = "0..1", paramLabel = "PATH", description = "The bundle, or the other Engram home.")
  Path path;

  @Option(names = "--all", description = "Every project of the bundle or home, each into its own project here.")
  boolean all;

  @Option(names = "--dry-run", description = "Say what would be imported; write nothing.")
  boolean dryRun;

  @Mixin JsonOption json;

  /** What {@code --json} prints for a bundle or a home. */
  record Imported(String source, boolean dryRun, Map<String, Long> counts, List<Outcome> outcomes) {}

  /** One file's outcome. */
  record Outcome(String project, String kind, String file, String name, String into, String reason) {}

  @Override
  public Integer call() throws IOException {
    String source = from == null ? BUNDLE : from.strip().toLowerCase(Locale.ROOT);
    if (source.equals(BUNDLE) || source.equals(ENGRAM_HOME)) {
      return fromEngram(source);
    }
    ImportSource agent = ImportSource.parse(source).orElseThrow(() -> new ParameterException(spec.commandLine(),
        "'" + from + "' is not an agent to import from: claude-code, codex or gemini (or bundle, engram-home)"));
    if (path != null || all) {
      throw new ParameterException(spec.commandLine(), "--from " + source
          + " reads the agent's own memory of this project; PATH and --all are for a bundle or an Engram home");
    }
    return fromAgent(agent);
  }

  private int fromAgent(ImportSource source) throws IOException {
    GlobalOptions global = GlobalOptions.of(spec);
    Engram engram = MemoryAccess.engram(spec);
    MemoryImport.ImportReport report = MemoryImport.of(engram.memory(), engram.settings(), embedder(engram),
        engram.clock()).run(source, AgentHomes.of(global.roots(), global.settings(), global.environment()), dryRun);
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

  private int fromEngram(String source) throws IOException {
    if (path == null) {
      throw new ParameterException(spec.commandLine(), source.equals(BUNDLE)
          ? "name the bundle to import (engram import PATH), or an agent with --from" : "--from engram-home needs a PATH");
    }
    Engram engram = MemoryAccess.engram(spec);
    EngramSettings settings = engram.settings();
    ProjectMemory here = engram.memory();
    BundleSource src = source.equals(BUNDLE) ? new BundleSource.Bundle(path)
        : new BundleSource.EngramHome(path, all ? Optional.empty() : Optional.of(here.location().projectKey()));
    List<BundleEntry> entries = src.read(settings.memory().maxTopicBytes());
    BundleImport importer = new BundleImport(NearDuplicates.of(settings.dream(), embedder(engram)));
    List<Outcome> outcomes = new ArrayList<>();
    ProgressDisplay progress = ProgressDisplay.of(spec, "import", json.enabled());
    for (Map.Entry<String, List<BundleEntry>> p : byProject(entries, here.location().projectKey()).entrySet()) {
      boolean current = p.getKey().equals(here.location().projectKey());
      ProjectMemory target = current ? here
          : MemoryStores.openKey(engram.roots().engramHome(), p.getKey(), settings, engram.clock());
      progress.phase(current ? "this project's memories" : "project " + p.getKey(), p.getValue().size());
      BundleImport.Report r = importer.run(target, p.getValue(), src.describe(), dryRun, progress::item);
      r.outcomes().forEach(o -> outcomes.add(new Outcome(p.getKey(), o.kind().name().toLowerCase(Locale.ROOT),
          o.source(), o.name(), o.into().orElse(""), o.reason().orElse(""))));
    }
    progress.finish();
    print(src.describe(), outcomes);
    return 0;
  }

  /**
   * The entries by the project they go into: each its own project with --all; else this project, which takes the
   * user memories and the memories of this project's key, or of the one project a bundle holds.
   */
  private Map<String, List<BundleEntry>> byProject(List<BundleEntry> entries, String current) {
    List<String> keys = entries.stream().flatMap(e -> e.project().stream()).distinct().toList();
    if (!all && keys.size() > 1 && !keys.contains(current)) {
      throw new UserFacingException("the source holds " + keys.size() + " projects (" + String.join(", ", keys)
          + ") and none is this one (" + current + "); import them all with --all");
    }
    Map<String, List<BundleEntry>> out = new LinkedHashMap<>();
    out.put(current, new ArrayList<>());
    for (BundleEntry e : entries) {
      if (e.project().isEmpty()) {
        out.get(current).add(e);
      } else if (all) {
        out.computeIfAbsent(e.project().get(), k -> new ArrayList<>()).add(e);
      } else if (e.project().get().equals(current) || keys.size() == 1) {
        out.get(current).add(e);
      }
    }
    return out;
  }

  private Optional<Embedder> embedder(Engram engram) {
    try {
      return engram.embedder().map(Supplier::get);
    } catch (RuntimeException e) {
      // No model to compare meanings with: memories are still compared by their words.
      spec.commandLine().getErr().println("engram: comparing by words only: " + e.getMessage());
      return Optional.empty();
    }
  }

  private void print(String source, List<Outcome> outcomes) {
    PrintWriter out = spec.commandLine().getOut();
    Map<String, Long> counts = new LinkedHashMap<>();
    for (BundleImport.Kind k : BundleImport.Kind.values()) {
      String id = k.name().toLowerCase(Locale.ROOT);
      counts.put(id, outcomes.stream().filter(o -> o.kind().equals(id)).count());
    }
    if (json.enabled()) {
      JsonOutput.print(out, new Imported(source, dryRun, counts, outcomes));
      return;
    }
    for (Outcome o : outcomes) {
      String detail = switch (o.kind()) {
        case "merged" -> " into '" + o.into() + "' (" + o.reason() + ")";
        case "unchanged", "skipped" -> " (" + o.reason() + ")";
        default -> "";
      };
      out.println((dryRun ? "would be " : "") + o.kind() + ": " + o.name() + detail);
    }
    out.printf("%s%s: %d created, %d merged, %d unchanged, %d skipped%n", dryRun ? "dry run, nothing written; " : "",
        source, counts.get("created"), counts.get("merged"), counts.get("unchanged"), counts.get("skipped"));
    out.flush();
  }
}
