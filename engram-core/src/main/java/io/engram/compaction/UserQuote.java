package io.engram.compaction;

/**
 * A user message as a summary quotes it: word for word, Markdown and line breaks intact; one longer than the
 * setting's limit (a pasted log, a file, a long terminal capture) by its beginning and its end, cut at line breaks,
 * with a line between them that says how much was left out. The person's own words usually open and close what
 * they paste around them.
 */
final class UserQuote {
  // A long message's beginning says what is asked: it gets three-quarters of the quote, its end the rest.
  private static final double HEAD_SHARE = 0.75;
  // A cut moves to a line break within 400 characters of where the share falls (five or six lines of a pasted log),
  // else to a space: a quote cut mid-line reads as a quote damaged.
  private static final int LINE_BREAK_REACH = 400;

  private UserQuote() {}

  /** {@code text} quoted within {@code limit} characters, give or take the line that marks the cut. */
  static String of(String text, int limit) {
    String t = text.strip();
    if (t.length() <= limit) {
      return t;
    }
    int headEnd = cut(t, (int) (limit * HEAD_SHARE), true);
    int tailStart = cut(t, t.length() - (limit - headEnd), false);
    if (tailStart <= headEnd) {
      tailStart = headEnd;
    }
    String head = t.substring(0, headEnd).stripTrailing();
    String tail = t.substring(tailStart).strip();
    int left = t.length() - head.length() - tail.length();
    return head + "\n[... " + String.format(java.util.Locale.ROOT, "%,d", left)
        + " characters of this message left out ...]" + (tail.isEmpty() ? "" : "\n" + tail);
  }

  // The nearest line break before (for the head's end) or after (for the tail's start) {@code at}, else a space.
  private static int cut(String t, int at, boolean before) {
    int clamped = Math.max(0, Math.min(t.length(), at));
    int line = before ? t.lastIndexOf('\n', clamped) : t.indexOf('\n', clamped);
    if (line > 0 && Math.abs(line - clamped) < LINE_BREAK_REACH) {
      return before ? line : line + 1;
    }
    int space = before ? t.lastIndexOf(' ', clamped) : t.indexOf(' ', clamped);
    return space > 0 ? (before ? space : space + 1) : clamped;
  }
}
