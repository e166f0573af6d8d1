package io.engram.memory;

import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Records recall use in a topic file's text by editing only the two fields recall owns, {@code
 * lastRecalled} and {@code recallCount}: their top-level frontmatter lines are replaced (or added just
 * before the closing {@code ---}), and every other byte of the file (comments, quoting, key order, line
 * endings, the body) stays as the person or tool that wrote it left it.
 */
final class RecallUseEdit {
  private static final String LAST = "lastRecalled";
  private static final String COUNT = "recallCount";

  private RecallUseEdit() {}

  /**
   * Records use at {@code when} in the topic file of each memory called {@code wanted} that {@code names} finds,
   * rewritten through {@link AtomicFiles}; the caller holds the store's lock. A name not found, a file that no longer
   * reads as a memory and one {@link #apply} cannot edit are skipped.
   *
   * @return the names of the memories marked
   */
  static List<String> mark(NameCache names, Collection<String> wanted, Instant when, long maxBytes)
      throws IOException {
    List<String> marked = new ArrayList<>();
    for (String name : new LinkedHashSet<>(wanted)) {
      Optional<Path> file = names.locate(name);
      if (file.isEmpty()) {
        continue;
      }
      Memory m;
      String text;
      try {
        m = MemoryFormat.read(file.get(), maxBytes);
        text = Files.readString(file.get());
      } catch (InvalidMemoryException | NoSuchFileException e) {
        continue;
      }
      Optional<String> used = apply(text, m, when, file.get());
      if (used.isPresent()) {
        AtomicFiles.writeString(file.get(), used.get());
        marked.add(m.name());
      }
    }
    return marked;
  }

  /**
   * The text of {@code original} (which parses as {@code memory}) with its use recorded at {@code when};
   * empty when the frontmatter is shaped so that a line edit could not be proven right (the caller then
   * leaves the file alone rather than rewrite it).
   */
  static Optional<String> apply(String original, Memory memory, Instant when, Path where) {
    int bom = original.startsWith("\uFEFF") ? 1 : 0;
    String newline = original.contains("\r\n") ? "\r\n" : "\n";
    Optional<int[]> frontmatter = frontmatter(original, bom);
    if (frontmatter.isEmpty()) {
      return Optional.empty();
    }
    int start = frontmatter.get()[0];
    int close = frontmatter.get()[1];
    String yaml = original.substring(start, close);
    int count = memory.recallCount() + 1;
    yaml = setLine(yaml, LAST, LAST + ": " + when, newline);
    yaml = setLine(yaml, COUNT, COUNT + ": " + count, newline);
    String edited = original.substring(0, start) + yaml + original.substring(close);
    Memory expected = memory.toBuilder().lastRecalled(when).recallCount(count).build();
    try {
      if (!MemoryFormat.parse(edited, where).equals(expected)) {
        return Optional.empty();
      }
    } catch (InvalidMemoryException e) {
      return Optional.empty();
    }
    return Optional.of(edited);
  }

  /** Start and end offsets of the frontmatter lines, between the opening and the closing fence. */
  private static Optional<int[]> frontmatter(String t, int from) {
    int firstEnd = t.indexOf('\n', from);
    if (firstEnd < 0 || !t.substring(from, firstEnd).strip().equals("---")) {
      return Optional.empty();
    }
    int pos = firstEnd + 1;
    while (pos < t.length()) {
      int end = t.indexOf('\n', pos);
      String line = (end < 0 ? t.substring(pos) : t.substring(pos, end)).stripTrailing();
      if (line.equals("---") || line.equals("...")) {
        return Optional.of(new int[] {firstEnd + 1, pos});
      }
      if (end < 0) {
        break;
      }
      pos = end + 1;
    }
    return Optional.empty();
  }

  /**
   * Replaces the top-level line of {@code key} (and its indented continuation lines) by {@code
   * replacement}, or appends {@code replacement} when the key is absent.
   */
  private static String setLine(String yaml, String key, String replacement, String newline) {
    StringBuilder out = new StringBuilder(yaml.length() + replacement.length() + 2);
    boolean replaced = false;
    boolean skippingContinuation = false;
    int pos = 0;
    while (pos < yaml.length()) {
      int end = yaml.indexOf('\n', pos);
      int next = end < 0 ? yaml.length() : end + 1;
      String line = yaml.substring(pos, next);
      if (skippingContinuation && (line.startsWith(" ") || line.startsWith("\t"))) {
        pos = next;
        continue;
      }
      skippingContinuation = false;
      if (!replaced && isKeyLine(line, key)) {
        out.append(replacement).append(newline);
        replaced = true;
        skippingContinuation = true;
      } else {
        out.append(line);
      }
      pos = next;
    }
    if (!replaced) {
      if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
        out.append(newline);
      }
      out.append(replacement).append(newline);
    }
    return out.toString();
  }

  private static boolean isKeyLine(String line, String key) {
    return line.startsWith(key) && line.length() > key.length()
        && (line.charAt(key.length()) == ':' || line.startsWith(key + " :"));
  }
}
