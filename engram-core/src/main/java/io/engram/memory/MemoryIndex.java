package io.engram.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MEMORY.md line format {@code - [title](file.md) - hook} and edits that keep every other line
 * (headings, notes people wrote) as it was.
 */
final class MemoryIndex {
  static final String FILE_NAME = "MEMORY.md";

  // An entry is "- [title](file.md) - hook". The title, whose '\]' escapes a bracket, is scanned by hand:
  // a pattern repeating a group for each of its characters overflows the stack on a long line.
  private static final Pattern HEAD = Pattern.compile("\\s*[-*]\\s+\\[");
  private static final Pattern TAIL =
      Pattern.compile("\\(<?([^)\\s>]+)>?\\)(?:\\s*[-\u2014\u2013:]\\s*(.*))?\\s*");

  private MemoryIndex() {}

  /** One pointer line of the index. */
  record Entry(int lineNumber, String title, String target, String hook, String raw) {
    /** The file the line points at, as a name in the directory: the target without a leading {@code ./}. */
    String fileName() {
      return target.startsWith("./") ? target.substring(2) : target;
    }
  }

  /** The index line for a memory stored in {@code fileName}, titled with its name. */
  static String line(Memory memory, String fileName) {
    return line(memory.name(), memory, fileName);
  }

  /**
   * The index line for {@code memory} in {@code index}: the title a person gave the existing line is
   * kept (Claude Code titles lines in prose), the hook follows the description.
   */
  static String lineIn(String index, Memory memory, String fileName) {
    String title = lineFor(index, fileName).flatMap(l -> parse(l, 0)).map(Entry::title)
        .filter(t -> !t.isBlank()).orElse(memory.name());
    return line(title, memory, fileName);
  }

  private static String line(String rawTitle, Memory memory, String fileName) {
    String title = oneLine(rawTitle).replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]");
    String hook = oneLine(memory.description());
    return "- [" + title + "](" + fileName + ")" + (hook.isEmpty() ? "" : " - " + hook);
  }

  static List<Entry> entries(String index) {
    List<Entry> out = new ArrayList<>();
    List<String> lines = index.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      parse(lines.get(i), i + 1).ifPresent(out::add);
    }
    return out;
  }

  /** Whether {@code line} opens as an entry does ({@code - [}), whether or not the rest of it follows. */
  static boolean opensEntry(String line) {
    return HEAD.matcher(line).lookingAt();
  }

  static Optional<Entry> parse(String line, int lineNumber) {
    // Most lines of a long index are not entries: a look at the first visible character settles them.
    int first = 0;
    while (first < line.length() && Character.isWhitespace(line.charAt(first))) {
      first++;
    }
    if (first == line.length() || (line.charAt(first) != '-' && line.charAt(first) != '*')) {
      return Optional.empty();
    }
    Matcher head = HEAD.matcher(line);
    if (!head.lookingAt()) {
      return Optional.empty();
    }
    int close = head.end();
    while (close < line.length() && line.charAt(close) != ']') {
      close += line.charAt(close) == '\\' && close + 1 < line.length() ? 2 : 1;
    }
    if (close >= line.length()) {
      return Optional.empty();
    }
    Matcher m = TAIL.matcher(line).region(close + 1, line.length());
    if (!m.matches()) {
      return Optional.empty();
    }
    String title = line.substring(head.end(), close).replaceAll("\\\\(.)", "$1");
    return Optional.of(new Entry(lineNumber, title, m.group(1), m.group(2) == null ? "" : m.group(2), line));
  }

  /** {@code index} with the line for {@code fileName} replaced by {@code newLine}, or appended. */
  static String upsert(String index, String fileName, String newLine) {
    List<String> out = new ArrayList<>();
    boolean placed = false;
    for (String line : index.lines().toList()) {
      if (pointsAt(line, fileName)) {
        if (!placed) {
          out.add(newLine);
          placed = true;
        }
      } else {
        out.add(line);
      }
    }
    if (!placed) {
      out.add(newLine);
    }
    return String.join("\n", out) + "\n";
  }

  /** {@code index} without the lines for {@code fileName}. */
  static String remove(String index, String fileName) {
    List<String> out = index.lines().filter(l -> !pointsAt(l, fileName)).toList();
    return out.isEmpty() ? "" : String.join("\n", out) + "\n";
  }

  /** The first line pointing at {@code fileName}, if any. */
  static Optional<String> lineFor(String index, String fileName) {
    return index.lines().filter(l -> pointsAt(l, fileName)).findFirst();
  }

  private static boolean pointsAt(String line, String fileName) {
    return parse(line, 0).map(e -> e.fileName().equals(fileName)).orElse(false);
  }

  private static String oneLine(String s) {
    return s.replaceAll("\\s+", " ").strip();
  }
}
