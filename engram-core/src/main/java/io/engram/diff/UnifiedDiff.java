package io.engram.diff;

import java.util.ArrayList;
import java.util.List;

/**
 * A line-based unified diff ({@code diff -u} format) of two texts, for showing people what a rewrite
 * changes before or after it happens.
 *
 * <p>Lines are matched by a longest common subsequence; inputs whose product of line counts exceeds
 * {@value #MAX_CELLS} are shown as one hunk that removes every old line and adds every new one.
 */
public final class UnifiedDiff {
  // The LCS table's bound: 4 million cells (16 MB of ints), two files of 2,000 lines; past it the diff replaces all.
  static final long MAX_CELLS = 4_000_000L;

  private UnifiedDiff() {}

  private record Edit(char op, String line) {}

  /**
   * The unified diff of {@code oldText} to {@code newText} with {@code context} lines around each
   * change, headed {@code --- oldName} / {@code +++ newName}; empty when the texts are equal.
   */
  public static String diff(String oldName, String newName, String oldText, String newText, int context) {
    if (oldText.equals(newText)) {
      return "";
    }
    List<Edit> edits = edits(oldText.lines().toList(), newText.lines().toList());
    StringBuilder out = new StringBuilder();
    out.append("--- ").append(oldName).append('\n').append("+++ ").append(newName).append('\n');
    int i = 0;
    while (i < edits.size()) {
      int change = nextChange(edits, i);
      if (change < 0) {
        break;
      }
      int start = Math.max(i, change - context);
      int end = hunkEnd(edits, change, context);
      appendHunk(out, edits, start, end);
      i = end;
    }
    return out.toString();
  }

  private static int nextChange(List<Edit> edits, int from) {
    for (int k = from; k < edits.size(); k++) {
      if (edits.get(k).op() != ' ') {
        return k;
      }
    }
    return -1;
  }

  /** Extends a hunk over changes that lie within 2 x context lines of each other. */
  private static int hunkEnd(List<Edit> edits, int change, int context) {
    int end = change;
    int k = change;
    while (k < edits.size()) {
      if (edits.get(k).op() != ' ') {
        end = k + 1;
      } else if (k - end >= 2 * context) {
        break;
      }
      k++;
    }
    return Math.min(edits.size(), end + context);
  }

  private static void appendHunk(StringBuilder out, List<Edit> edits, int start, int end) {
    int oldStart = 1;
    int newStart = 1;
    for (int k = 0; k < start; k++) {
      oldStart += edits.get(k).op() != '+' ? 1 : 0;
      newStart += edits.get(k).op() != '-' ? 1 : 0;
    }
    int oldLen = 0;
    int newLen = 0;
    for (int k = start; k < end; k++) {
      oldLen += edits.get(k).op() != '+' ? 1 : 0;
      newLen += edits.get(k).op() != '-' ? 1 : 0;
    }
    out.append("@@ -").append(range(oldStart, oldLen)).append(" +").append(range(newStart, newLen)).append(" @@\n");
    for (int k = start; k < end; k++) {
      out.append(edits.get(k).op()).append(edits.get(k).line()).append('\n');
    }
  }

  private static String range(int start, int len) {
    return len == 0 ? (start - 1) + ",0" : len == 1 ? String.valueOf(start) : start + "," + len;
  }

  private static List<Edit> edits(List<String> a, List<String> b) {
    List<Edit> edits = new ArrayList<>();
    if ((long) a.size() * b.size() > MAX_CELLS) {
      a.forEach(l -> edits.add(new Edit('-', l)));
      b.forEach(l -> edits.add(new Edit('+', l)));
      return edits;
    }
    int[][] lcs = new int[a.size() + 1][b.size() + 1];
    for (int i = a.size() - 1; i >= 0; i--) {
      for (int j = b.size() - 1; j >= 0; j--) {
        lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    int i = 0;
    int j = 0;
    while (i < a.size() || j < b.size()) {
      if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
        edits.add(new Edit(' ', a.get(i++)));
        j++;
      } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
        edits.add(new Edit('-', a.get(i++)));
      } else {
        edits.add(new Edit('+', b.get(j++)));
      }
    }
    return edits;
  }
}
