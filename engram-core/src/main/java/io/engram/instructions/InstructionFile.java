package io.engram.instructions;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One instruction file as loaded: its text and what it costs.
 *
 * @param path the path the file was found at (absolute, not resolved through symbolic links)
 * @param level the level it was loaded at; an imported file takes the level of the file importing it
 * @param importedFrom the import chain, outermost first: empty for a file found by traversal, else the
 *     top-level file, then each file down to the one whose {@code @path} line pulled this one in
 * @param content the file's text (UTF-8, byte-order mark removed), never cut
 * @param chars the length of {@code content} in UTF-16 chars
 * @param tokens what {@code content} costs, by the loader's token counter
 */
public record InstructionFile(
    Path path, InstructionLevel level, List<Path> importedFrom, String content, int chars, int tokens) {

  public InstructionFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(content, "content");
    importedFrom = List.copyOf(importedFrom);
  }

  /** True when this file was pulled in by an {@code @path} import rather than found by traversal. */
  public boolean imported() {
    return !importedFrom.isEmpty();
  }
}
