package io.engram.redact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds every occurrence of a fixed set of lower-case keywords in one pass over a text (Aho-Corasick,
 * compiled to a full transition table over ASCII), so that the cost of the keyword prefilter does not grow
 * with the number of rules. Keywords that are not ASCII (a few CJK words) are compared where their first
 * character occurs.
 */
final class KeywordIndex {
  private static final int ALPHABET = 128;

  private final List<String> keywords;
  /** {@code next[state * ALPHABET + c]}: the state after reading {@code c}. */
  private final int[] next;
  /** For each state, the ids of the keywords that end there (its own and those of its suffixes). */
  private final int[][] ends;
  /** Ids of the non-ASCII keywords, by their first character. */
  private final java.util.Map<Character, List<Integer>> wide = new java.util.HashMap<>();

  KeywordIndex(List<String> keywords) {
    this.keywords = List.copyOf(keywords);
    List<int[]> gotoRows = new ArrayList<>();
    List<List<Integer>> out = new ArrayList<>();
    gotoRows.add(filled());
    out.add(new ArrayList<>());
    for (int id = 0; id < this.keywords.size(); id++) {
      String k = this.keywords.get(id);
      if (k.isEmpty() || !k.chars().allMatch(c -> c == Character.toLowerCase(c))) {
        throw new IllegalArgumentException("keywords must be non-empty and lower-case: '" + k + "'");
      }
      if (!k.chars().allMatch(c -> c < ALPHABET)) {
        if (k.charAt(0) < ALPHABET) {
          throw new IllegalArgumentException("a keyword that is not ASCII must start with a non-ASCII character: '" + k + "'");
        }
        wide.computeIfAbsent(k.charAt(0), c -> new ArrayList<>()).add(id);
        continue;
      }
      int state = 0;
      for (int i = 0; i < k.length(); i++) {
        int c = k.charAt(i);
        if (gotoRows.get(state)[c] < 0) {
          gotoRows.get(state)[c] = gotoRows.size();
          gotoRows.add(filled());
          out.add(new ArrayList<>());
        }
        state = gotoRows.get(state)[c];
      }
      out.get(state).add(id);
    }
    int states = gotoRows.size();
    next = new int[states * ALPHABET];
    int[] fail = new int[states];
    int[] queue = new int[states];
    int head = 0;
    int tail = 0;
    for (int c = 0; c < ALPHABET; c++) {
      int s = gotoRows.get(0)[c];
      next[c] = Math.max(s, 0);
      if (s > 0) {
        queue[tail++] = s;
      }
    }
    while (head < tail) {
      int s = queue[head++];
      out.get(s).addAll(out.get(fail[s]));
      for (int c = 0; c < ALPHABET; c++) {
        int t = gotoRows.get(s)[c];
        if (t >= 0) {
          fail[t] = next[fail[s] * ALPHABET + c];
          next[s * ALPHABET + c] = t;
          queue[tail++] = t;
        } else {
          next[s * ALPHABET + c] = next[fail[s] * ALPHABET + c];
        }
      }
    }
    ends = new int[states][];
    for (int s = 0; s < states; s++) {
      ends[s] = out.get(s).stream().mapToInt(Integer::intValue).toArray();
    }
  }

  private static int[] filled() {
    int[] row = new int[ALPHABET];
    Arrays.fill(row, -1);
    return row;
  }

  private static void add(int[][] hits, int[] counts, int id, int at) {
    if (hits[id] == null) {
      hits[id] = new int[4];
    } else if (counts[id] == hits[id].length) {
      hits[id] = Arrays.copyOf(hits[id], counts[id] * 2);
    }
    hits[id][counts[id]++] = at;
  }

  List<String> keywords() {
    return keywords;
  }

  /**
   * Where each keyword occurs in {@code text}, compared case-insensitively for ASCII letters: for keyword
   * id {@code k}, {@code hits[k]} holds the start offsets in increasing order (empty when absent).
   */
  int[][] find(CharSequence text) {
    int[] counts = new int[keywords.size()];
    int[][] hits = new int[keywords.size()][];
    int state = 0;
    for (int i = 0, n = text.length(); i < n; i++) {
      int c = text.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      if (c < ALPHABET) {
        state = next[state * ALPHABET + c];
        for (int id : ends[state]) {
          add(hits, counts, id, i + 1 - keywords.get(id).length());
        }
        continue;
      }
      state = 0;
      List<Integer> starting = wide.isEmpty() ? null : wide.get((char) c);
      if (starting != null) {
        for (int id : starting) {
          String k = keywords.get(id);
          if (text.length() - i >= k.length() && k.contentEquals(text.subSequence(i, i + k.length()))) {
            add(hits, counts, id, i);
          }
        }
      }
    }
    for (int id = 0; id < hits.length; id++) {
      hits[id] = hits[id] == null ? new int[0] : Arrays.copyOf(hits[id], counts[id]);
    }
    return hits;
  }
}
