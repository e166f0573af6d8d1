package io.engram.cli;

import io.engram.instructions.InstructionFile;
import io.engram.instructions.LoadWarning;
import io.engram.instructions.LoadedInstructions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram context}: the instruction files a session starting in the project would load. */
@Command(
    name = "context",
    mixinStandardHelpOptions = true,
    description = {
      "Show the instruction files a session starting in the project would load, in prompt order",
      "(later = higher priority), with sizes, import chains and everything skipped or flagged."
    })
final class ContextCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--json", description = "Print the ledger as JSON: files[] and warnings[].")
  boolean json;

  @Option(names = "--prompt", description = "Print the combined prompt text instead of the ledger.")
  boolean prompt;

  /** One loaded file in the JSON ledger. */
  record FileRow(String path, String level, List<String> importedFrom, int chars, int tokens) {}

  /** One skipped or flagged file in the JSON ledger. */
  record WarningRow(String path, String kind, boolean loaded, String message, List<String> importedFrom) {}

  /** The JSON ledger. */
  record Ledger(String project, List<FileRow> files, List<WarningRow> warnings, long totalChars, long totalTokens) {}

  @Override
  public void run() {
    PrintWriter out = spec.commandLine().getOut();
    GlobalOptions global = GlobalOptions.of(spec);
    LoadedInstructions loaded = global.instructionLoader().load();
    if (json) {
      JsonOutput.print(out, ledger(global.roots().projectDir(), loaded));
    } else if (prompt) {
      out.println(loaded.render());
    } else {
      printHuman(out, global.roots().projectDir(), loaded);
    }
    out.flush();
  }

  static Ledger ledger(Path project, LoadedInstructions loaded) {
    List<FileRow> files = loaded.files().stream()
        .map(f -> new FileRow(f.path().toString(), f.level().label(), strings(f.importedFrom()), f.chars(), f.tokens()))
        .toList();
    List<WarningRow> warnings = loaded.warnings().stream()
        .map(w -> new WarningRow(w.path().toString(), w.kind().name().toLowerCase(Locale.ROOT), w.kind().loaded(),
            w.message(), strings(w.importedFrom())))
        .toList();
    return new Ledger(project.toString(), files, warnings, loaded.totalChars(), loaded.totalTokens());
  }

  private static List<String> strings(List<Path> paths) {
    return paths.stream().map(Path::toString).toList();
  }

  private static void printHuman(PrintWriter out, Path project, LoadedInstructions loaded) {
    out.println(Ansi.AUTO.string("@|bold Instruction files for " + project + "|@ (prompt order; later wins)"));
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
