package io.engram.dream;

/**
 * Fenced code blocks found line by line, in time linear in the text.
 *
 * <p>A block opens on a line of at most three spaces and a run of three or more backticks or tildes, and
 * closes on the first later line of at most three spaces and a run of the same character at least as long
 * (lines end at {@code \n}). A pattern such as {@code ^ {0,3}(`{3,}+).*?^ {0,3}\1} reads the rest of the
 * text for every opening fence that is never closed, which is quadratic in a text of fences of falling
 * length; here the longest fence still to come is known for every line, so an unclosed fence costs nothing.
 */
final class FencedCode {
  private FencedCode() {}

  /**
   * {@code text} with every closed block, from the start of its opening line to the end of its closing line
   * (the line break after it kept), replaced by {@code replacement}; a fence never closed stays as it is.
   */
  static String replaceClosed(String text, String replacement) {
    int lines = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lines++;
      }
    }
    int[] start = new int[lines + 1];
    char[] fence = new char[lines];
    int[] run = new int[lines];
    int line = 0;
    for (int i = 0; i <= text.length(); i++) {
      if (i == text.length() || text.charAt(i) == '\n') {
        start[line + 1] = i + 1;
        line++;
      }
    }
    for (int k = 0; k < lines; k++) {
      measure(text, start[k], k, fence, run);
    }
    // The longest backtick and tilde runs on the lines after each line.
    int[] backticksAfter = new int[lines];
    int[] tildesAfter = new int[lines];
    for (int k = lines - 2; k >= 0; k--) {
      backticksAfter[k] = Math.max(backticksAfter[k + 1], fence[k + 1] == '`' ? run[k + 1] : 0);
      tildesAfter[k] = Math.max(tildesAfter[k + 1], fence[k + 1] == '~' ? run[k + 1] : 0);
    }
    StringBuilder out = null;
    int copied = 0;
    int k = 0;
    while (k < lines) {
      int longestAfter = fence[k] == '`' ? backticksAfter[k] : tildesAfter[k];
      if (run[k] < 3 || longestAfter < run[k]) {
        k++;
        continue;
      }
      int close = k + 1;
      while (fence[close] != fence[k] || run[close] < run[k]) {
        close++;
      }
      if (out == null) {
        out = new StringBuilder(text.length());
      }
      out.append(text, copied, start[k]).append(replacement);
      copied = Math.min(text.length(), start[close + 1] - 1);
      k = close + 1;
    }
    return out == null ? text : out.append(text, copied, text.length()).toString();
  }

  /** The fence character and run length of the line starting at {@code from}; none when it has no run. */
  private static void measure(String text, int from, int line, char[] fence, int[] run) {
    int i = from;
    while (i < text.length() && i - from < 3 && text.charAt(i) == ' ') {
      i++;
    }
    if (i >= text.length() || (text.charAt(i) != '`' && text.charAt(i) != '~')) {
      return;
    }
    char c = text.charAt(i);
    int j = i;
    while (j < text.length() && text.charAt(j) == c) {
      j++;
    }
    fence[line] = c;
    run[line] = j - i;
  }
}
