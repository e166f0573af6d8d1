package io.engram.redact;

/**
 * Where the clauses of one text end (a line break, also as JSON escapes it, or a sentence mark before a space or the
 * end), at most {@link #MAX_CLAUSE} characters on: each character is looked at once while the places asked about
 * move forward, as they do when the nouns of a text are read in order, so a text dense with nouns costs no more
 * than one pass.
 */
final class ClauseEnds {
  /** How far a clause is read: a noun's gap, joiner and value fit in it many times over. */
  static final int MAX_CLAUSE = 400;

  private final String text;
  /** No clause ends in {@code [clear, scanned)}; one ends at {@code scanned} when {@code found}. */
  private int clear = -1;
  private int scanned = -1;
  private boolean found;

  ClauseEnds(String text) {
    this.text = text;
  }

  /** Where the clause that goes on at {@code from} ends. */
  int after(int from) {
    int limit = Math.min(text.length(), from + MAX_CLAUSE);
    if (from < clear || from > scanned) {
      clear = from;
      scanned = from;
      found = false;
    }
    if (found) {
      return Math.min(scanned, limit);
    }
    int i = scanned;
    while (i < limit && !endsAt(i)) {
      i++;
    }
    scanned = i;
    found = i < limit || i == text.length();
    return i;
  }

  private boolean endsAt(int i) {
    char c = text.charAt(i);
    if (c == '\n' || c == '\r' || "。！？；，、".indexOf(c) >= 0
        || c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == 'n' || text.charAt(i + 1) == 'r')) {
      return true;
    }
    return ".,;!?".indexOf(c) >= 0 && (i + 1 == text.length() || Character.isWhitespace(text.charAt(i + 1)));
  }
}
