package io.engram.instructions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The first real paragraph of a README: prose that says what the project is, not its title, badges, a table of
 * contents, or a line that only points somewhere else ("See the presentation here: [slides](...)", "Docs |
 * Demo"). Links keep their text and lose their address.
 */
final class ReadmeSummary {
  // The Project paragraph engram init writes, which the person edits: a README's first paragraph is rarely longer.
  private static final int MAX_CHARS = 400;
  /** A paragraph of one word is a label ("WIP"), not a description. */
  private static final int MIN_WORDS = 2;
  /** A line with a link whose own words end in a colon within this many words introduces the link. */
  private static final int LEAD_IN_WORDS = 8;

  private static final Pattern IMAGE = Pattern.compile("!\\[[^\\]]*]\\([^)]*\\)|!\\[[^\\]]*]\\[[^\\]]*]");
  private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)]\\([^)]*\\)|\\[([^\\]]*)]\\[[^\\]]*]");
  private static final Pattern URL = Pattern.compile("<?https?://\\S+>?");
  private static final Pattern SETEXT = Pattern.compile("^(=+|-+)\\s*$");
  private static final Pattern POINTER = Pattern.compile("(?i)^(see|check out|read|watch|find|visit|try|click|"
      + "more|docs?|documentation|demo|slides|presentation|video|website|homepage|home page|available|live)\\b.*");
  private static final Pattern SENTENCE_END = Pattern.compile("[.!?](?=\\s+\\S)");
  private static final Pattern TOC = Pattern.compile("(?i)^(\\[toc]|table of contents:?|contents:?)$");

  private ReadmeSummary() {}

  /** The first paragraph of {@code lines} that reads as a description, shortened to 400 characters. */
  static Optional<String> of(List<String> lines) {
    List<String> paragraph = new ArrayList<>();
    boolean fence = false;
    for (int i = 0; i <= lines.size(); i++) {
      String s = i < lines.size() ? lines.get(i).strip() : "";
      if (s.startsWith("```") || s.startsWith("~~~")) {
        fence = !fence;
        continue;
      }
      boolean setextTitle = i + 1 < lines.size() && !s.isEmpty() && SETEXT.matcher(lines.get(i + 1).strip()).matches();
      if (!fence && !s.isEmpty() && !setextTitle && !structural(s)) {
        prose(s).ifPresent(paragraph::add);
        continue;
      }
      Optional<String> description = description(paragraph);
      if (description.isPresent()) {
        return description;
      }
      paragraph.clear();
    }
    return Optional.empty();
  }

  /**
   * The paragraph as a description, or empty: one word is a label, and a lead-in ending in a colon ("See the
   * presentation here:") points at what follows; a longer paragraph ending in such a lead-in loses it.
   */
  private static Optional<String> description(List<String> paragraph) {
    String text = String.join(" ", paragraph).replaceAll("\\s+", " ").strip();
    if (text.endsWith(":")) {
      Matcher sentence = SENTENCE_END.matcher(text);
      int cut = -1;
      while (sentence.find()) {
        cut = sentence.start() + 1;
      }
      text = cut > 0 ? text.substring(0, cut) : "";
    }
    if (words(text) < MIN_WORDS) {
      return Optional.empty();
    }
    return Optional.of(text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS - 3) + "..." : text);
  }

  /** Headings, HTML, lists, tables, quotes, rules and setext underlines: never a description's line. */
  private static boolean structural(String s) {
    return s.startsWith("#") || s.startsWith("<") || s.startsWith("[!") || s.startsWith("=") || s.startsWith("-")
        || s.startsWith("*") || s.startsWith("+") || s.startsWith("|") || s.startsWith(">")
        || s.matches("^\\d+[.)]\\s.*") || TOC.matcher(s).matches();
  }

  /**
   * The line as prose (links as their text), or empty when it is badges or only points elsewhere: no words
   * outside its links and addresses, or a link after a pointer phrase ("See ...", "Demo:") or a colon.
   */
  static Optional<String> prose(String line) {
    String noImages = IMAGE.matcher(line).replaceAll(" ");
    boolean linked = LINK.matcher(noImages).find() || URL.matcher(noImages).find();
    String outside = URL.matcher(LINK.matcher(noImages).replaceAll(" ")).replaceAll(" ")
        .replaceAll("[|•·]", " ").strip();
    if (outside.replaceAll("[\\p{Punct}\\s]", "").isEmpty()) {
      return Optional.empty();
    }
    boolean leadIn = outside.endsWith(":") && words(outside) <= LEAD_IN_WORDS;
    if (linked && (POINTER.matcher(outside).matches() || leadIn || words(outside) < 3)) {
      return Optional.empty();
    }
    String text = URL.matcher(LINK.matcher(noImages).replaceAll(m -> Matcher.quoteReplacement(
        m.group(1) != null ? m.group(1) : m.group(2)))).replaceAll("").replaceAll("\\s+", " ").strip();
    return text.isEmpty() ? Optional.empty() : Optional.of(text);
  }

  private static int words(String text) {
    String t = text.strip();
    return t.isEmpty() ? 0 : t.split("\\s+").length;
  }
}
