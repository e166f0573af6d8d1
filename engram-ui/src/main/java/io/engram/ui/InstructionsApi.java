package io.engram.ui;

import io.engram.instructions.InstructionFile;
import io.engram.instructions.LoadWarning;
import io.engram.instructions.LoadedInstructions;
import io.engram.memory.IndexText;
import io.engram.memory.ProjectMemory;
import io.engram.tokens.JtokkitTokenCounter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The instructions view of the UI's JSON API ({@code GET /ui/api/instructions}): what {@code engram context}
 * shows, from the same loader: the instruction files a session starting in the project loads, in prompt order,
 * with their level, import chain, characters and tokens, every file skipped or flagged, and the auto-memory
 * index with what of it was cut.
 */
final class InstructionsApi {
  private InstructionsApi() {}

  /** One loaded file. */
  record FileRow(String path, String level, List<String> importedFrom, int chars, int tokens) {}

  /** One skipped or flagged file. */
  record WarningRow(String path, String kind, boolean loaded, String message, List<String> importedFrom) {}

  /** The auto-memory index as a session loads it. */
  record MemoryIndexRow(String projectIndex, int loadedLines, int totalLines, int loadedBytes, int totalBytes,
      int tokens, boolean truncated, String cutNote) {}

  /** The whole view. */
  record Ledger(String project, List<FileRow> files, List<WarningRow> warnings, long totalChars, long totalTokens,
      MemoryIndexRow memoryIndex) {}

  static Ledger ledger(UiProject project) throws IOException {
    LoadedInstructions loaded = project.instructions().load();
    ProjectMemory memory = project.memory();
    IndexText index = memory.indexText();
    List<FileRow> files = loaded.files().stream().map(InstructionsApi::row).toList();
    List<WarningRow> warnings = new ArrayList<>(loaded.warnings().stream().map(InstructionsApi::row).toList());
    if (!index.skipped().isEmpty()) {
      // Loaded all the same: the lines that read well are; the note names the ones skipped.
      warnings.add(new WarningRow(memory.location().projectDir().resolve("MEMORY.md").toString(), "damaged", true,
          index.skipNote(), List.of()));
    }
    MemoryIndexRow indexRow = new MemoryIndexRow(memory.location().projectDir().resolve("MEMORY.md").toString(),
        index.loadedLines(), index.totalLines(), index.loadedBytes(), index.totalBytes(),
        new JtokkitTokenCounter().count(index.text()), index.truncated(), index.truncated() ? index.cutNote() : "");
    return new Ledger(project.directory().toString(), files, warnings, loaded.totalChars(), loaded.totalTokens(),
        indexRow);
  }

  private static FileRow row(InstructionFile f) {
    return new FileRow(f.path().toString(), f.level().label(), strings(f.importedFrom()), f.chars(), f.tokens());
  }

  private static WarningRow row(LoadWarning w) {
    return new WarningRow(w.path().toString(), w.kind().name().toLowerCase(Locale.ROOT), w.kind().loaded(),
        w.message(), strings(w.importedFrom()));
  }

  private static List<String> strings(List<Path> paths) {
    return paths.stream().map(Path::toString).toList();
  }
}
