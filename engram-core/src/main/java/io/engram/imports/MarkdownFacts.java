package io.engram.imports;

import io.engram.memory.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The facts of a Markdown memory file an agent keeps (Codex's {@code MEMORY.md}, Gemini's memory files and the
 * facts it added to {@code GEMINI.md}): one per section under a heading, or, in a file or section without
 * headings, one per top-level list item; a file of neither is one fact. Text outside any heading before the first
 * one (a title, a preamble) is not a fact.
 */
final class MarkdownFacts {
  private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.+?)\\s*#*\\s*$");
  private static final Pattern ITEM = Pattern.compile("^[-*+]\\s+(.+)$");
  // A memory's name is the first words of its fact: 8 tell one fact of a file from another and stay a short file name.
  private static final int NAME_WORDS = 8;
  // A description is one line of the MEMORY.md index, which stays under about 150 characters as Claude Code writes it.
  private static final int DESCRIPTION_CHARS = 150;

  private MarkdownFacts() {}

  /** The facts of {@code text}, read from {@code from}, each of {@code type}. */
  static List<ImportedMemory> of(String text, MemoryType type, Path from) {
    List<String> lines = text.lines().toList();
    int deepest = 0;
    for (String line : lines) {
      Matcher h = HEADING.matcher(line);
      if (h.matches()) {
        deepest = Math.max(deepest, h.group(1).length());
      }
    }
    List<ImportedMemory> out = new ArrayList<>();
    if (deepest == 0) {
      items(lines, type, from, "", out);
      return out;
    }
    String heading = null;
    List<String> section = new ArrayList<>();
    for (String line : lines) {
      Matcher h = HEADING.matcher(line);
      if (h.matches() && h.group(1).length() == deepest) {
        section(heading, section, type, from, out);
        heading = h.group(2);
        section.clear();
      } else if (heading != null) {
        section.add(line);
      }
    }
    section(heading, section, type, from, out);
    return out;
  }

  /** The list items of one part of a file under {@code heading} ("" for a file without headings). */
  static List<ImportedMemory> items(String text, MemoryType type, Path from) {
    List<ImportedMemory> out = new ArrayList<>();
    items(text.lines().toList(), type, from, "", out);
    return out;
  }

  private static void section(String heading, List<String> lines, MemoryType type, Path from,
      List<ImportedMemory> out) {
    String body = String.join("\n", lines).strip();
    if (heading != null && !body.isEmpty()) {
      out.add(new ImportedMemory(heading.strip(), type, description(body), body + "\n", from));
    }
  }

  private static void items(List<String> lines, MemoryType type, Path from, String prefix, List<ImportedMemory> out) {
    List<String> items = new ArrayList<>();
    for (String line : lines) {
      Matcher item = ITEM.matcher(line);
      if (item.matches()) {
        items.add(item.group(1).strip());
      } else if (!items.isEmpty() && (line.startsWith("  ") || line.startsWith("\t")) && !line.isBlank()) {
        items.set(items.size() - 1, items.get(items.size() - 1) + "\n" + line.strip()); // a wrapped or nested line
      }
    }
    if (items.isEmpty()) {
      String body = String.join("\n", lines).strip();
      if (!body.isEmpty()) {
        items.add(body);
      }
    }
    for (String item : items) {
      out.add(new ImportedMemory(prefix + name(item), type, description(item), item + "\n", from));
    }
  }

  /** The first words of a fact, as its name. */
  static String name(String text) {
    String[] words = text.replaceAll("[`*\\[\\]()#>]", " ").strip().split("\\s+");
    StringBuilder name = new StringBuilder();
    for (int i = 0; i < Math.min(NAME_WORDS, words.length); i++) {
      name.append(i == 0 ? "" : " ").append(words[i]);
    }
    return name.toString();
  }

  /** The first sentence or line of a fact, cut to a description's length. */
  static String description(String text) {
    String first = text.strip().lines().findFirst().orElse("").replaceAll("^[-*+#>\\s]+", "");
    int end = first.indexOf(". ");
    String sentence = end > 0 ? first.substring(0, end + 1) : first;
    return sentence.length() <= DESCRIPTION_CHARS ? sentence : sentence.substring(0, DESCRIPTION_CHARS - 1) + "…";
  }
}
