package io.engram.compaction;

import io.engram.tokens.TokenCounter;
import java.util.List;
import java.util.stream.Collectors;

/** How the extractive summary cuts text down: shortening at word boundaries, indenting, and token budgets. */
final class Excerpts {
  // A line over 200 characters is data (minified code, a log record), shown by its length rather than quoted.
  private static final int LONG_LINE = 200;

  private Excerpts() {}

  /** The heading and as many items, in order, as fit {@code budget} tokens; "" when none fits. */
  static String fit(String heading, List<String> items, int budget, TokenCounter tokens) {
    StringBuilder out = new StringBuilder();
    int used = tokens.count(heading);
    for (String item : items) {
      int cost = tokens.count(item) + 1;
      if (used + cost > budget) {
        continue;
      }
      out.append('\n').append(item);
      used += cost;
    }
    return out.length() == 0 ? "" : heading + out;
  }

  /** {@code a}, then {@code b} after a blank line unless {@code b} is blank. */
  static String join(String a, String b) {
    return b.isBlank() ? a : a + "\n\n" + b;
  }

  /** The text indented by two spaces on every line, to sit under a list item. */
  static String indent(String text) {
    return "  " + text.strip().replace("\n", "\n  ");
  }

  /** The text cut to about {@code chars} characters at a word boundary, marked with " ..."; redacted before the cut. */
  static String shorten(String text, int chars) {
    String t = text.strip();
    if (t.length() <= chars) {
      return t;
    }
    t = io.engram.redact.SecretRedactor.standard().head(t, chars);
    if (t.length() <= chars) {
      return t;
    }
    int cut = t.lastIndexOf(' ', chars);
    return t.substring(0, cut > chars / 2 ? cut : chars) + " ...";
  }

  /**
   * The last about {@code chars} characters of the text, cut at a word boundary and marked "... " in front; redacted
   * before the cut. Where a text ends is what was said last.
   */
  static String last(String text, int chars) {
    String t = text.strip();
    if (t.length() <= chars) {
      return t;
    }
    String window = io.engram.redact.SecretRedactor.standard().tail(t, chars);
    if (window.length() <= chars) {
      return window;
    }
    int from = window.length() - chars;
    int cut = window.indexOf(' ', from);
    return "... " + window.substring(cut >= 0 && cut < from + chars / 2 ? cut + 1 : from);
  }

  /**
   * The first {@code lines} lines, with a count of the lines left out; a line longer than 200 characters
   * (minified code, data) is replaced by a note rather than cut in the middle.
   */
  static String firstLines(String text, int lines) {
    List<String> all = text.lines().toList();
    String head = all.stream().limit(lines).map(l -> l.length() > LONG_LINE ? "(a line of " + l.length()
        + " characters left out)" : l).collect(Collectors.joining("\n"));
    return all.size() > lines ? head + "\n... (" + (all.size() - lines) + " more lines)" : head;
  }
}
