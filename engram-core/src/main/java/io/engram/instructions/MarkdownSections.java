package io.engram.instructions;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The headings of a Markdown instruction file and the lines under each, up to the next heading of any level.
 * ATX headings only ({@code ## Title}); a {@code #} inside a fenced code block is not a heading.
 *
 * @param lines the file's lines, without their line breaks
 * @param sections the headings in file order
 */
record MarkdownSections(List<String> lines, List<MarkdownSections.Section> sections) {
  private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})[ \\t]+(.*?)[ \\t]*#*[ \\t]*$");
  private static final Pattern LIST_ITEM = Pattern.compile("^\\s*([-*+]|\\d+[.)])\\s+.*");

  MarkdownSections {
    lines = List.copyOf(lines);
    sections = List.copyOf(sections);
  }

  /**
   * One heading and what is under it.
   *
   * @param line the heading's line index
   * @param level 1 for {@code #}, 2 for {@code ##}...
   * @param title the heading's text
   * @param end the index of the line after its body (the next heading, or the end of the file)
   */
  record Section(int line, int level, String title, int end) {}

  static MarkdownSections parse(String text) {
    List<String> lines = text.isEmpty() ? List.of() : List.of(text.split("\\R", -1));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines = lines.subList(0, lines.size() - 1); // the final line break ends the last line, it opens none
    }
    List<int[]> found = new ArrayList<>();
    List<String> titles = new ArrayList<>();
    boolean fence = false;
    for (int i = 0; i < lines.size(); i++) {
      String s = lines.get(i).strip();
      if (s.startsWith("```") || s.startsWith("~~~")) {
        fence = !fence;
        continue;
      }
      Matcher m = HEADING.matcher(lines.get(i));
      if (!fence && m.matches()) {
        found.add(new int[] {i, m.group(1).length()});
        titles.add(m.group(2).strip());
      }
    }
    List<Section> sections = new ArrayList<>();
    for (int k = 0; k < found.size(); k++) {
      int end = k + 1 < found.size() ? found.get(k + 1)[0] : lines.size();
      sections.add(new Section(found.get(k)[0], found.get(k)[1], titles.get(k), end));
    }
    return new MarkdownSections(lines, sections);
  }

  /** The lines of {@code s}'s body. */
  List<String> body(Section s) {
    return lines.subList(s.line() + 1, s.end());
  }

  /** True when the body of {@code s} holds a list item. */
  boolean hasItems(Section s) {
    return body(s).stream().anyMatch(l -> LIST_ITEM.matcher(l).matches());
  }

  /**
   * The text with {@code bullet} placed at the end of {@code s}'s body: after its last non-blank line, a blank
   * line first when that line is not a list item; the blank lines before the next heading stay.
   */
  String insertUnder(Section s, String bullet) {
    int last = s.line();
    for (int i = s.end() - 1; i > s.line(); i--) {
      if (!lines.get(i).isBlank()) {
        last = i;
        break;
      }
    }
    List<String> out = new ArrayList<>(lines.subList(0, last + 1));
    if (!LIST_ITEM.matcher(lines.get(last)).matches()) {
      out.add("");
    }
    out.add(bullet);
    if (last + 1 == s.end() && s.end() < lines.size()) {
      out.add(""); // the next heading keeps a blank line above it
    }
    out.addAll(lines.subList(last + 1, lines.size()));
    return String.join("\n", out) + "\n";
  }

  /** The text with a new {@code ## title} at the end holding {@code bullet}. */
  String appendSection(String title, String bullet) {
    List<String> out = new ArrayList<>(lines);
    while (!out.isEmpty() && out.get(out.size() - 1).isBlank()) {
      out.remove(out.size() - 1);
    }
    if (!out.isEmpty()) {
      out.add("");
    }
    out.add("## " + title);
    out.add("");
    out.add(bullet);
    return String.join("\n", out) + "\n";
  }

  /** The text with {@code bullet} appended as the last line. */
  String append(String bullet) {
    List<String> out = new ArrayList<>(lines);
    out.add(bullet);
    return String.join("\n", out) + "\n";
  }
}
