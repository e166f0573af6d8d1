package io.engram.redact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/** One text under redaction: the text, where each keyword occurs in it, and where its lines start. */
final class ScannedText {
  private final String text;
  /** What patterns read: the text, or (in tests) a view of it that gives up after a deadline. */
  private final CharSequence subject;
  private final int[][] hits;
  private final Map<String, Integer> keywordIds;
  /** Offsets of the line feeds in {@code text}, in order. */
  private final int[] breaks;

  ScannedText(String text, KeywordIndex index, Map<String, Integer> keywordIds) {
    this.text = text;
    this.subject = text;
    this.hits = index.find(text);
    this.keywordIds = keywordIds;
    int[] b = new int[16];
    int n = 0;
    for (int at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
      if (n == b.length) {
        b = Arrays.copyOf(b, n * 2);
      }
      b[n++] = at;
    }
    this.breaks = Arrays.copyOf(b, n);
  }

  private ScannedText(ScannedText other, CharSequence subject) {
    this.text = other.text;
    this.subject = subject;
    this.hits = other.hits;
    this.keywordIds = other.keywordIds;
    this.breaks = other.breaks;
  }

  /** This text for patterns that must give up (throw {@link OutOfTime}) once {@code deadlineNanos} is past. */
  ScannedText withDeadline(long deadlineNanos) {
    return new ScannedText(this, new Deadline(text, deadlineNanos));
  }

  /** What a pattern's matcher reads. */
  CharSequence subject() {
    return subject;
  }

  /** Thrown by a text under a deadline when the deadline has passed. */
  static final class OutOfTime extends RuntimeException {
    OutOfTime() {
      super("out of time", null, false, false);
    }
  }

  /** A view of a string that throws {@link OutOfTime} from {@code charAt} once a deadline has passed. */
  private static final class Deadline implements CharSequence {
    private final String s;
    private final long deadline;
    private int reads;

    Deadline(String s, long deadline) {
      this.s = s;
      this.deadline = deadline;
    }

    @Override
    public char charAt(int index) {
      if ((++reads & 0xFFF) == 0 && System.nanoTime() > deadline) {
        throw new OutOfTime();
      }
      return s.charAt(index);
    }

    @Override
    public int length() {
      return s.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return s.substring(start, end);
    }

    @Override
    public String toString() {
      return s;
    }
  }

  String text() {
    return text;
  }

  /** True when any of {@code keywords} occurs in the text. */
  boolean mentions(List<String> keywords) {
    for (String k : keywords) {
      if (hits[keywordIds.get(k)].length > 0) {
        return true;
      }
    }
    return false;
  }

  /** True when the keyword with id {@code keywordId} occurs in the text. */
  boolean mentions(int keywordId) {
    return hits[keywordId].length > 0;
  }

  /** The offsets where {@code keyword} starts, in order. */
  int[] hits(String keyword) {
    return hits[keywordIds.get(keyword)];
  }

  /** The line (0-based) that holds offset {@code at}. */
  int lineOf(int at) {
    int i = Arrays.binarySearch(breaks, at);
    return i >= 0 ? i : -i - 1;
  }

  /** The offset where line {@code line} starts. */
  int lineStart(int line) {
    return line == 0 ? 0 : breaks[Math.min(line, breaks.length) - 1] + 1;
  }

  /** The offset just past the end of line {@code line} (its line feed excluded). */
  int lineEnd(int line) {
    return line < breaks.length ? breaks[line] : text.length();
  }

  /**
   * The sorted, disjoint ranges {@code [start, end)} worth matching for a rule with these keywords: each
   * line that holds one of them, with the {@code extraLines} lines after it.
   */
  List<int[]> regions(List<String> keywords, int extraLines) {
    BitSet lines = new BitSet();
    for (String k : keywords) {
      int end = -1;
      for (int at : hits(k)) {
        if (at < end) {
          continue;
        }
        int line = lineOf(at);
        lines.set(line, line + 1 + extraLines);
        end = lineEnd(line);
      }
    }
    List<int[]> out = new ArrayList<>();
    int lastLine = breaks.length;
    for (int line = lines.nextSetBit(0); line >= 0 && line <= lastLine; ) {
      int stop = lines.nextClearBit(line);
      out.add(new int[] {lineStart(line), lineEnd(Math.min(stop - 1, lastLine))});
      line = lines.nextSetBit(stop);
    }
    return out;
  }
}
