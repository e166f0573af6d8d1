package io.engram.instructions;

import java.util.ArrayList;
import java.util.List;

/**
 * The result of loading instruction files, and its ledger: every file loaded, in prompt order, and
 * every file skipped or flagged, with the reason.
 *
 * @param files the files loaded, in the order they go into the prompt (later = higher priority)
 * @param warnings the files skipped or flagged, in the order they were met
 */
public record LoadedInstructions(List<InstructionFile> files, List<LoadWarning> warnings) {

  /** The heading Claude Code puts before instruction files, kept so agents read it the same way. */
  static final String PREAMBLE =
      "Codebase and user instructions are shown below. Be sure to adhere to these instructions. "
          + "IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them "
          + "exactly as written.";

  public LoadedInstructions {
    files = List.copyOf(files);
    warnings = List.copyOf(warnings);
  }

  /** Nothing loaded, nothing to warn about. */
  public static LoadedInstructions empty() {
    return new LoadedInstructions(List.of(), List.of());
  }

  /** The characters of every file loaded. */
  public long totalChars() {
    return files.stream().mapToLong(InstructionFile::chars).sum();
  }

  /** The tokens of every file loaded. */
  public long totalTokens() {
    return files.stream().mapToLong(InstructionFile::tokens).sum();
  }

  /** This result followed by {@code later}: its files come after these in the prompt. */
  public LoadedInstructions plus(LoadedInstructions later) {
    List<InstructionFile> allFiles = new ArrayList<>(files);
    allFiles.addAll(later.files);
    List<LoadWarning> allWarnings = new ArrayList<>(warnings);
    allWarnings.addAll(later.warnings);
    return new LoadedInstructions(allFiles, allWarnings);
  }

  /**
   * The prompt text: a preamble, then each non-empty file as {@code Contents of PATH (what it is):}
   * followed by its text, in load order. Empty when no file has content.
   */
  public String render() {
    StringBuilder out = new StringBuilder();
    for (InstructionFile file : files) {
      if (file.content().isBlank()) {
        continue;
      }
      out.append(out.length() == 0 ? PREAMBLE : "").append("\n\n");
      out.append("Contents of ").append(file.path()).append(" (").append(file.level().description());
      if (file.imported()) {
        out.append(", imported from ").append(file.importedFrom().get(file.importedFrom().size() - 1));
      }
      out.append("):\n\n").append(file.content().strip());
    }
    return out.toString();
  }
}
