package io.engram.redact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds every occurrence of a fixed set of lower-case keywords in one pass over a text (Aho-Corasick,
 * compiled to a full transition table over ASCII), so that the cost of the keyword prefilter does not grow
 * with the number of rules; ASCII letters are compared without case. A keyword that starts with a character
 * beyond ASCII ({@code 密码}, {@code пароль}) is compared, without case, where its first character occurs; one
 * that starts with ASCII and goes beyond it ({@code clé}, {@code schlüssel}) is found by its ASCII start and
 * checked whole there.
 */
final class KeywordIndex {
  // ASCII: the automaton's transitions are a table over the first 128 characters; a keyword beyond it is looked up
  // by its first character.
  private static final int ALPHABET = 128;

  private final List<String> keywords;
  /** {@code next[state * ALPHABET + c]}: the state after reading {@code c}. */
  private final int[] next;
  /** For each state, the ids of the keywords that end there (its own and those of its suffixes). */
  private final int[][] ends;
  /** Ids of the keywords that start beyond ASCII, by their first character in lower case. */
  private final java.util.Map<Character, List<Integer>> wide = new java.util.HashMap<>();
  /** For a keyword that starts with ASCII and goes beyond it, by its id: the id of its ASCII start, or -1. */
  private final int[] asciiStart;

  KeywordIndex(List<String> keywords) {
    List<String> all = new ArrayList<>(keywords);
    asciiStart = new int[keywords.size()];
    java.util.Arrays.fill(asciiStart, -1);
    for (int id = 0; id < keywords.size(); id++) {
      String k = keywords.get(id);
      int ascii = 0;
      while (ascii < k.length() && k.charAt(ascii) < ALPHABET) {
        ascii++;
      }
      if (ascii > 0 && ascii < k.length()) {
        String start = k.substring(0, ascii);
        int at = all.indexOf(start);
        if (at < 0) {
          at = all.size();
          all.add(start);
        }
        asciiStart[id] = at;
      }
    }
    this.keywords = List.copyOf(all);
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
        if (k.charAt(0) >= ALPHABET) {
          wide.computeIfAbsent(k.charAt(0), c -> new ArrayList<>()).add(id);
        }
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

  private static boolean matchesAt(CharSequence text, int at, String keyword) {
    if (text.length() - at < keyword.length()) {
      return false;
    }
    for (int k = 0; k < keyword.length(); k++) {
      char c = text.charAt(at + k);
      if (c != keyword.charAt(k) && Character.toLowerCase(c) != keyword.charAt(k)) {
        return false;
      }
    }
    return true;
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

  /** The keywords, by id: those given first, then the ASCII starts added for keywords that go beyond ASCII. */
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
      List<Integer> starting = wide.isEmpty() ? null : wide.get(Character.toLowerCase((char) c));
      if (starting != null) {
        for (int id : starting) {
          if (matchesAt(text, i, keywords.get(id))) {
            add(hits, counts, id, i);
          }
        }
      }
    }
    for (int id = 0; id < asciiStart.length; id++) {
      int start = asciiStart[id];
      for (int k = 0; start >= 0 && k < counts[start]; k++) {
        if (matchesAt(text, hits[start][k], keywords.get(id))) {
          add(hits, counts, id, hits[start][k]);
        }
      }
    }
    for (int id = 0; id < hits.length; id++) {
      hits[id] = hits[id] == null ? new int[0] : Arrays.copyOf(hits[id], counts[id]);
    }
    return hits;
  }
}
