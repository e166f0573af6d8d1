package io.engram.compaction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Code fences as Markdown reads them: a fence opens with three or more backticks or tildes, at the start of a line
 * or after a list item's marker ("- ```cs", "2. ```"), and closes only on a line of at least as many of the same
 * character and nothing else, so a quoted file's own ``` inside a longer fence neither closes it nor hides the
 * headings after it. A list item's fence read as text would make its closing line open a fence that runs to the
 * next one, across the headings in between.
 */
final class MarkdownFence {
  // A list item's marker before an opening fence ("- ```cs"): the item's code, which Markdown reads as a fence.
  private static final Pattern LIST_ITEM = Pattern.compile("^(?:[-*+]|\\d{1,9}[.)])\\s+");
  private char mark;
  private int length;

  /** Reads {@code line}; whether it is inside a fence (its opening and closing lines included). */
  boolean step(String line) {
    String s = length == 0 ? LIST_ITEM.matcher(line.strip()).replaceFirst("") : line.strip();
    int run = 0;
    char c = s.isEmpty() ? 0 : s.charAt(0);
    while (run < s.length() && s.charAt(run) == c && (c == '`' || c == '~')) {
      run++;
    }
    if (length == 0) {
      if (run >= 3) {
        mark = c;
        length = run;
      }
      return run >= 3;
    }
    if (c == mark && run >= length && run == s.length()) {
      length = 0;
    }
    return true;
  }

  boolean open() {
    return length > 0;
  }

  /**
   * For each line, whether it lies inside a code fence that closes (its opening and closing lines included). A
   * fence that never closes is read as text: a quoted message cut in the middle of its code must not swallow the
   * sections after it.
   */
  static boolean[] closedFences(String[] lines) {
    boolean[] in = new boolean[lines.length];
    int from = 0;
    while (from < lines.length) {
      MarkdownFence fence = new MarkdownFence();
      int openedAt = -1;
      for (int l = from; l < lines.length; l++) {
        boolean was = fence.open();
        in[l] = fence.step(lines[l]);
        if (!was && fence.open()) {
          openedAt = l;
        }
      }
      if (!fence.open()) {
        break;
      }
      // Unclosed: its opening line is text, and what follows it is read again.
      Arrays.fill(in, openedAt, lines.length, false);
      from = openedAt + 1;
    }
    return in;
  }

  /** A fence for {@code text}: backticks, one more than the longest run of them inside it, at least three. */
  static String around(String text) {
    int longest = 0;
    int run = 0;
    for (int i = 0; i < text.length(); i++) {
      run = text.charAt(i) == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    return "`".repeat(Math.max(3, longest + 1));
  }

  /** The character ranges of the closed code fences of {@code text}, from an opening line to its closing one. */
  static List<int[]> spans(String text) {
    String[] lines = text.split("\n", -1);
    boolean[] inFence = closedFences(lines);
    List<int[]> out = new ArrayList<>();
    int at = 0;
    for (int l = 0; l < lines.length; l++) {
      int end = at + lines[l].length();
      if (inFence[l]) {
        if (!out.isEmpty() && out.get(out.size() - 1)[1] == at - 1) {
          out.get(out.size() - 1)[1] = end;
        } else {
          out.add(new int[] {at, end});
        }
      }
      at = end + 1;
    }
    return out;
  }
}
