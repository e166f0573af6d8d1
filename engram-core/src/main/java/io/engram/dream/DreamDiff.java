package io.engram.dream;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Renders dream changes as unified diffs (the format of {@code diff -u} and {@code git diff}) for the
 * dry run. Files are compared by lines (longest common subsequence, after trimming the common head
 * and tail); hunks carry three lines of context. Above a size bound the whole file is shown replaced,
 * which is still a correct diff.
 */
final class DreamDiff {
  // The unified diff's own context, as diff -u and git diff give it: three lines.
  static final int CONTEXT = 3;
  /** Beyond this many cells of the comparison table the diff falls back to "replace everything". */
  static final long MAX_CELLS = 4_000_000L;
  private static final String NO_EOL = "\\ No newline at end of file";

  private DreamDiff() {}

  /** The whole plan: for each change its summary as a {@code #} line, then the diff of each file it touches. */
  public static String render(DreamPlan plan) {
    StringBuilder out = new StringBuilder();
    for (DreamChange change : plan.changes()) {
      out.append("# ").append(change.summary()).append('\n');
      for (FileEdit edit : change.edits()) {
        out.append(unified(edit));
      }
    }
    return out.toString();
  }

  /** The diff of one file edit; empty when nothing changes. A trashed file is diffed against /dev/null. */
  public static String unified(FileEdit edit) {
    return unified(edit.path(), edit.before(), edit.after());
  }

  /** The diff of {@code path} from {@code before} to {@code after} (empty: the file is absent). */
  public static String unified(String path, Optional<String> before, Optional<String> after) {
    if (before.equals(after)) {
      return "";
    }
    List<String> a = lines(before.orElse(""));
    List<String> b = lines(after.orElse(""));
    StringBuilder out = new StringBuilder();
    out.append("--- ").append(before.isPresent() ? "a/" + path : "/dev/null").append('\n');
    out.append("+++ ").append(after.isPresent() ? "b/" + path : "/dev/null").append('\n');
    List<Op> ops = script(a, b);
    for (int[] hunk : hunks(ops)) {
      appendHunk(out, ops, hunk[0], hunk[1]);
    }
    return out.toString();
  }

  private enum Kind {
    SAME,
    DEL,
    ADD
  }

  /** One line of the edit script, with its 0-based position in the old and new file. */
  private record Op(Kind kind, String line, int oldIndex, int newIndex) {}

  /** Lines; a last line without a newline carries a marker so that it differs from one with. */
  static List<String> lines(String text) {
    List<String> out = new ArrayList<>();
    if (text.isEmpty()) {
      return out;
    }
    String[] parts = text.split("\n", -1);
    for (int i = 0; i < parts.length - 1; i++) {
      out.add(parts[i]);
    }
    String last = parts[parts.length - 1];
    if (!last.isEmpty()) {
      out.add(last + "\n" + NO_EOL);
    }
    return out;
  }

  private static List<Op> script(List<String> a, List<String> b) {
    int head = 0;
    while (head < a.size() && head < b.size() && a.get(head).equals(b.get(head))) {
      head++;
    }
    int tail = 0;
    while (tail < a.size() - head && tail < b.size() - head
        && a.get(a.size() - 1 - tail).equals(b.get(b.size() - 1 - tail))) {
      tail++;
    }
    List<Op> ops = new ArrayList<>();
    for (int i = 0; i < head; i++) {
      ops.add(new Op(Kind.SAME, a.get(i), i, i));
    }
    middle(a, b, head, a.size() - tail, b.size() - tail, ops);
    for (int t = tail; t > 0; t--) {
      int i = a.size() - t;
      int j = b.size() - t;
      ops.add(new Op(Kind.SAME, a.get(i), i, j));
    }
    return ops;
  }

  private static void middle(List<String> a, List<String> b, int from, int aEnd, int bEnd, List<Op> ops) {
    int n = aEnd - from;
    int m = bEnd - (from);
    int bFrom = from;
    if ((long) n * m > MAX_CELLS) {
      for (int i = 0; i < n; i++) {
        ops.add(new Op(Kind.DEL, a.get(from + i), from + i, bFrom));
      }
      for (int j = 0; j < m; j++) {
        ops.add(new Op(Kind.ADD, b.get(bFrom + j), aEnd, bFrom + j));
      }
      return;
    }
    int[][] lcs = new int[n + 1][m + 1];
    for (int i = n - 1; i >= 0; i--) {
      for (int j = m - 1; j >= 0; j--) {
        lcs[i][j] = a.get(from + i).equals(b.get(bFrom + j))
            ? lcs[i + 1][j + 1] + 1
            : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    int i = 0;
    int j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a.get(from + i).equals(b.get(bFrom + j))) {
        ops.add(new Op(Kind.SAME, a.get(from + i), from + i, bFrom + j));
        i++;
        j++;
      } else if (j < m && (i == n || lcs[i][j + 1] > lcs[i + 1][j])) {
        ops.add(new Op(Kind.ADD, b.get(bFrom + j), from + i, bFrom + j));
        j++;
      } else {
        ops.add(new Op(Kind.DEL, a.get(from + i), from + i, bFrom + j));
        i++;
      }
    }
  }

  /** Ranges [start, end) of the script to show: each change with its context, overlaps joined. */
  private static List<int[]> hunks(List<Op> ops) {
    List<int[]> out = new ArrayList<>();
    for (int k = 0; k < ops.size(); k++) {
      if (ops.get(k).kind() == Kind.SAME) {
        continue;
      }
      int start = Math.max(0, k - CONTEXT);
      int end = Math.min(ops.size(), k + 1 + CONTEXT);
      if (!out.isEmpty() && start <= out.get(out.size() - 1)[1]) {
        out.get(out.size() - 1)[1] = end;
      } else {
        out.add(new int[] {start, end});
      }
    }
    return out;
  }

  private static void appendHunk(StringBuilder out, List<Op> ops, int start, int end) {
    int oldCount = 0;
    int newCount = 0;
    for (int k = start; k < end; k++) {
      Kind kind = ops.get(k).kind();
      oldCount += kind != Kind.ADD ? 1 : 0;
      newCount += kind != Kind.DEL ? 1 : 0;
    }
    Op first = ops.get(start);
    int oldStart = oldCount == 0 ? first.oldIndex() : first.oldIndex() + 1;
    int newStart = newCount == 0 ? first.newIndex() : first.newIndex() + 1;
    out.append("@@ -").append(range(oldStart, oldCount)).append(" +").append(range(newStart, newCount)).append(" @@\n");
    for (int k = start; k < end; k++) {
      Op op = ops.get(k);
      char sign = op.kind() == Kind.SAME ? ' ' : op.kind() == Kind.DEL ? '-' : '+';
      out.append(sign).append(op.line()).append('\n');
    }
  }

  private static String range(int start, int count) {
    return count == 1 ? Integer.toString(start) : start + "," + count;
  }
}
