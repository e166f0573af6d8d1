package io.engram.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a turn's text into sentences, after blanking what is not the user's own prose.
 *
 * <p>Blanking (replacing by spaces) keeps offsets valid for evidence spans. Fenced code, harness tags
 * such as {@code <command-name>} or {@code <system-reminder>}, {@code <private>} spans and the quote lines of
 * someone else ({@link QuotedLines}) are not statements of the user and are never read. Semicolons do not split:
 * "never X; always Y" is one rule, and neither does a line break before a lower-case letter, which only wraps a line.
 */
final class Sentences {
  private static final Pattern FENCE = Pattern.compile("(?s)```.*?(```|\\z)");
  private static final Pattern TAGGED =
      Pattern.compile(
          "(?s)<(private|command-[a-z]+|local-command-[a-z]+|system-reminder|bash-[a-z]+)>.*?(</\\1>|\\z)");
  // Lines an agent harness writes into a user turn: Claude Code's caveat and interruption notes, and the message
  // Cursor sends when a plan is built ("Implement the plan as specified ... To-do's from the plan have already been
  // created. Do not create them again."), whose "don't"s are the harness's, not the person's.
  private static final Pattern HARNESS_LINE = Pattern.compile("(?m)^(Caveat: The messages below|\\[Request interrupted"
      + "|Implement the plan as specified|To-do's from the plan have already been created).*$");
  // A line break before a lower-case letter wraps a sentence ("...so we don't commit it\nwhich removes..."), unless the
  // line before ends with a colon (a heading: "investigate this error:\nuse the docs") or the new line opens with a
  // directive ("...as guidance\ndo not make assumptions"), which starts an instruction of its own; any other line break
  // ends one (list items, headings, lines of a log).
  private static final Pattern BOUNDARY = Pattern.compile("(?<=[.!?])\\s+|(?<=[。！？])|\\n+(?!\\p{Ll})"
      + "|(?<=[:：])[ \\t]*+\\n+|\\n+(?=(?:do\\s+not|don'?t|dont|never|always|avoid|please)\\b)");

  /**
   * What opens a line without being its words: a list bullet or number, a heading's or comment's marks, a check or
   * cross ("❌ Never use `any`", "- 不要手动修改", "// 请勿直接修改"). Instruction files and code comments write rules
   * this way; the sentence is read, and kept, from its first word.
   */
  private static final Pattern DECORATION = Pattern.compile(
      "(?:(?:-{1,2}|[*+•]|\\d{1,3}[.)]|#{1,6}|/{2,})[ \\t]++|(?:[❌✅✔✗✘⛔🚫⚠]\\uFE0F?|\\*\\*)[ \\t]*+)++");

  private Sentences() {}

  static List<Sentence> of(String text) {
    String prose = QuotedLines.blankOthers(blank(blank(blank(text, FENCE), TAGGED), HARNESS_LINE));
    List<Sentence> out = new ArrayList<>();
    Matcher m = BOUNDARY.matcher(prose);
    int from = 0;
    while (m.find()) {
      add(prose, from, m.start(), out);
      from = m.end();
    }
    add(prose, from, prose.length(), out);
    return out;
  }

  private static void add(String prose, int from, int to, List<Sentence> out) {
    int s = from;
    int e = to;
    while (s < e && Character.isWhitespace(prose.charAt(s))) {
      s++;
    }
    while (e > s && Character.isWhitespace(prose.charAt(e - 1))) {
      e--;
    }
    Matcher decoration = DECORATION.matcher(prose).region(s, e);
    if (decoration.lookingAt()) {
      s = decoration.end();
    }
    if (e > s) {
      out.add(new Sentence(prose.substring(s, e), s, e));
    }
  }

  private static String blank(String text, Pattern pattern) {
    Matcher m = pattern.matcher(text);
    if (!m.find()) {
      return text;
    }
    StringBuilder sb = new StringBuilder(text);
    do {
      for (int i = m.start(); i < m.end(); i++) {
        if (sb.charAt(i) != '\n') {
          sb.setCharAt(i, ' ');
        }
      }
    } while (m.find());
    return sb.toString();
  }
}
