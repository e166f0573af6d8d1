package io.engram.extract;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Markdown quote lines ({@code > ...}) of a turn, and whose words they are. A person quotes someone else to answer
 * it (the agent's reply, a review, an error), and writes their own rule as a quote to set it apart: "&gt; 不要接 D6" alone,
 * or after a framing of their own ("Remember:", 规则：). So a block of quote lines is the person's own when it is all
 * the turn says, or when it closes the turn after a line of theirs that ends with a colon and reports no one's speech
 * ("you wrote:", 他说：); a block followed by more of the person's words (their answer to it), introduced by reported
 * speech, or signed ("— Ian Bicking") is someone else's, and is blanked like the rest of what others say.
 *
 * <p>Blanking replaces characters by spaces, so offsets into the turn stay valid.
 */
final class QuotedLines {
  /** A maximal run of quote lines, each opening with {@code >} at the line's start. */
  private static final Pattern BLOCK = Pattern.compile("(?m)^>.*(?:\\n>.*)*+");
  /** A line that introduces someone's words: a verb of speech ("Claude wrote:", 他回复说：). */
  private static final Pattern REPORTED = Pattern.compile(
      "(?i)\\b(?:wrote|writes|said|says|replied|replies|answered|commented|comments|suggested|suggests|asked|asks)\\b"
          + "|(?:写道|说道?|回复|回答|评论|提到|问道?)\\s*[:：]\\s*$");
  /** A signature as a quote's last line: a dash run, then a name ("— Ian Bicking", ——鲁迅). */
  private static final Pattern SIGNED = Pattern.compile("(?:^|\\n)>\\s*(?:—{1,2}|--|―)\\s*[\\p{Lu}\\p{IsHan}][^\\n]{0,60}$");

  private QuotedLines() {}

  /** The marks that open a quote line ({@code >}, {@code > >}), blanked in the person's own so they read as prose. */
  private static final Pattern MARKS = Pattern.compile("(?m)^[> \\t]+");

  /**
   * {@code text} with each block of quote lines that is not the person's own blanked, and the quote marks of those
   * that are.
   */
  static String blankOthers(String text) {
    Matcher block = BLOCK.matcher(text);
    if (!block.find()) {
      return text;
    }
    boolean onlyQuotes = BLOCK.matcher(text).replaceAll("").isBlank();
    int last = text.stripTrailing().length();
    StringBuilder out = new StringBuilder(text);
    do {
      if (!own(text, block.start(), block.end(), onlyQuotes, last)) {
        spaces(out, block.start(), block.end());
      } else {
        Matcher marks = MARKS.matcher(text).region(block.start(), block.end());
        while (marks.find()) {
          spaces(out, marks.start(), marks.end());
        }
      }
    } while (block.find());
    return out.toString();
  }

  // last: where the turn's last non-blank character ends; only the block that reaches it closes the turn
  private static boolean own(String text, int start, int end, boolean onlyQuotes, int last) {
    if (SIGNED.matcher(text.substring(start, end)).find()) {
      return false;
    }
    if (onlyQuotes) {
      return true;
    }
    if (end < last) {
      return false;
    }
    String before = text.substring(0, start).strip();
    if (before.isEmpty()) {
      return false;
    }
    String framing = before.substring(before.lastIndexOf('\n') + 1).strip();
    return (framing.endsWith(":") || framing.endsWith("：")) && !REPORTED.matcher(framing).find()
        && !framing.startsWith(">");
  }

  private static void spaces(StringBuilder out, int from, int to) {
    for (int i = from; i < to; i++) {
      if (out.charAt(i) != '\n') {
        out.setCharAt(i, ' ');
      }
    }
  }
}
