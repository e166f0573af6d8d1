package io.engram.cli.instructions;

import io.engram.cli.output.Examples;
import io.engram.cli.output.Styled;
import io.engram.Engram;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.instructions.ImportApprovals;
import io.engram.instructions.InstructionFile;
import io.engram.instructions.LoadWarning;
import io.engram.instructions.LoadedInstructions;
import io.engram.memory.IndexText;
import io.engram.cli.wiring.MemoryAccess;
import io.engram.memory.ProjectMemory;
import io.engram.tokens.JtokkitTokenCounter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram context}: the instruction files a session starting in the project would load. */
@Examples({
    "engram context",
    "engram context --prompt",
    "engram context --approve-imports"})
@Command(
    name = "context",
    mixinStandardHelpOptions = true,
    description = {
      "Show the instruction files and memory index a session here would load.",
      "The files come in prompt order (later = higher priority), with sizes, import chains and everything"
          + " skipped or flagged; then the auto-memory index (MEMORY.md: its first"
          + " ${bundle:memory.indexMaxLines} lines / ${bundle:memory.indexMaxBytes.kb}) and what"
          + " of it was cut.",
      "A project file (checked into its repository) that imports a file from outside the repository is not"
          + " followed until you approve it: --approve-imports approves each such import listed here, for that"
          + " file and that import alone."
    })
public final class ContextCommand implements java.util.concurrent.Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin JsonOption json;

  @Option(names = "--prompt", description = "Print the combined prompt text instead of the ledger.")
  boolean prompt;

  @Option(names = "--approve-imports", description = "Approve the imports from this project's files to files outside"
      + " its repository that the ledger lists as left out, then show the ledger with them loaded.")
  boolean approveImports;

  /** One loaded file in the JSON ledger. */
  record FileRow(String path, String level, List<String> importedFrom, int chars, int tokens) {}

  /** One skipped or flagged file in the JSON ledger. */
  record WarningRow(String path, String kind, boolean loaded, String message, List<String> importedFrom) {}

  /** The auto-memory index as loaded at session start: the project's MEMORY.md, then the user-level one. */
  record MemoryIndexRow(String projectIndex, String userIndex, int loadedLines, int totalLines, int loadedBytes,
      int totalBytes, int tokens, boolean truncated) {}

  /** The JSON ledger. */
  record Ledger(String project, List<FileRow> files, List<WarningRow> warnings, long totalChars, long totalTokens,
      MemoryIndexRow memoryIndex) {}

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    GlobalOptions global = GlobalOptions.of(spec);
    Engram engram = MemoryAccess.engram(spec);
    LoadedInstructions loaded = engram.instructions().load();
    if (approveImports) {
      List<LoadWarning> approved = ImportApprovals.in(global.roots().engramHome()).approve(loaded.warnings());
      // Progress and confirmations go to stderr, so --json and --prompt stay what a script reads.
      PrintWriter err = spec.commandLine().getErr();
      approved.forEach(w -> err.println("approved: " + w.importedFrom().get(w.importedFrom().size() - 1)
          + " may import " + w.path()));
      if (approved.isEmpty()) {
        err.println("no import outside a repository was waiting for approval");
      }
      err.flush();
      loaded = engram.instructions().load();
    }
    ProjectMemory memory = engram.memory();
    IndexText index = memory.indexText();
    MemoryIndexRow indexRow = new MemoryIndexRow(
        memory.location().projectDir().resolve("MEMORY.md").toString(),
        memory.location().userDir().resolve("MEMORY.md").toString(), index.loadedLines(), index.totalLines(),
        index.loadedBytes(), index.totalBytes(), new JtokkitTokenCounter().count(index.text()), index.truncated());
    if (json.enabled()) {
      JsonOutput.print(out, ledger(global.roots().projectDir(), loaded, indexRow, index));
    } else if (prompt) {
      out.println(loaded.render());
      if (!index.text().isBlank()) {
        out.println();
        out.println(index.text());
      }
    } else {
      printHuman(out, global.roots().projectDir(), loaded);
      printIndex(out, indexRow, index);
    }
    out.flush();
    return 0;
  }

  private static void printIndex(PrintWriter out, MemoryIndexRow row, IndexText index) {
    out.println();
    out.println(Ansi.AUTO.string("@|bold Auto memory index|@ (loaded after the instruction files)"));
    if (index.totalLines() == 0) {
      out.println("  (empty: no memories yet) " + row.projectIndex());
      return;
    }
    out.printf("  %d of %d lines, %,d of %,d bytes, %,d tokens  %s%n", row.loadedLines(), row.totalLines(),
        row.loadedBytes(), row.totalBytes(), row.tokens(), row.projectIndex());
    if (index.truncated()) {
      out.println(Ansi.AUTO.string("  @|yellow truncated|@: ") + index.cutNote());
    }
    if (!index.skipped().isEmpty()) {
      out.println(Ansi.AUTO.string("  @|yellow damaged|@: ") + index.skipNote());
    }
  }

  static Ledger ledger(Path project, LoadedInstructions loaded, MemoryIndexRow indexRow, IndexText index) {
    List<FileRow> files = loaded.files().stream()
        .map(f -> new FileRow(f.path().toString(), f.level().label(), strings(f.importedFrom()), f.chars(), f.tokens()))
        .toList();
    List<WarningRow> warnings = loaded.warnings().stream()
        .map(w -> new WarningRow(w.path().toString(), w.kind().name().toLowerCase(Locale.ROOT), w.kind().loaded(),
            w.message(), strings(w.importedFrom())))
        .collect(java.util.stream.Collectors.toCollection(java.util.ArrayList::new));
    if (index.truncated()) {
      warnings.add(new WarningRow(indexRow.projectIndex(), "truncated", true, index.cutNote(), List.of()));
    }
    if (!index.skipped().isEmpty()) {
      warnings.add(new WarningRow(indexRow.projectIndex(), "damaged", true, index.skipNote(), List.of()));
    }
    return new Ledger(project.toString(), files, List.copyOf(warnings), loaded.totalChars(), loaded.totalTokens(),
        indexRow);
  }

  private static List<String> strings(List<Path> paths) {
    return paths.stream().map(Path::toString).toList();
  }

  private static void printHuman(PrintWriter out, Path project, LoadedInstructions loaded) {
    out.println(Styled.bold("Instruction files for " + project) + " (prompt order; later wins)");
    if (loaded.files().isEmpty()) {
      out.println("  (none found)");
    }
    int n = 1;
    for (InstructionFile f : loaded.files()) {
      String indent = "  ".repeat(f.importedFrom().size());
      out.printf("%3d. %-7s %9s chars %8s tokens  %s%s%n", n++, f.level().label(), String.format("%,d", f.chars()),
          String.format("%,d", f.tokens()), indent, f.path());
      if (f.imported()) {
        out.printf("%46s%s<- imported from %s%n", "", indent, f.importedFrom().get(f.importedFrom().size() - 1));
      }
    }
    out.printf("Total: %d %s, %,d chars, %,d tokens%n", loaded.files().size(),
        loaded.files().size() == 1 ? "file" : "files", loaded.totalChars(),
        loaded.totalTokens());
    if (!loaded.warnings().isEmpty()) {
      out.println();
      out.println(Ansi.AUTO.string("@|bold,yellow Warnings|@ (" + loaded.warnings().size() + ")"));
      for (LoadWarning w : loaded.warnings()) {
        out.println("  - " + w.kind().name().toLowerCase(Locale.ROOT) + ": " + w.message());
      }
    }
  }
}
