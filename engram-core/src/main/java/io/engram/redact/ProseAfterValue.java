package io.engram.redact;

import java.util.List;
import java.util.Locale;

/**
 * What a {@link ProseClause} reads around its value: a passphrase of several words after the joiner, a value set
 * off by a comma at the end of a sentence whose joiner found none, and a second value after a contrast ("not X but
 * Y").
 */
record ProseAfterValue(ProseClause clause) {
  /** How many words a passphrase may have. */
  private static final int MAX_PHRASE_WORDS = 10;
  /** Words that set a second value against the first: "not X but Y". */
  private static final List<String> CONTRASTS =
      List.of("ではなく", "じゃなくて", "じゃなく", "而是", "아니라", "아니고", "but");

  /** A passphrase: two or more words to the end of the clause, none of them a stop word. */
  boolean phrase(int from, int end) {
    int i = from;
    int words = 0;
    int last = from;
    while (i < end && words < MAX_PHRASE_WORDS) {
      int tokenEnd = wordEnd(i, end);
      if (tokenEnd <= i) {
        break;
      }
      String token = ProseValues.stripTrailing(text().substring(i, tokenEnd));
      if (token.isEmpty() || clause.l().stops().contains(token.toLowerCase(Locale.ROOT))) {
        return false;
      }
      words++;
      last = i + token.length();
      int next = ProseWords.skipSpaces(text(), tokenEnd, end);
      if (clause.l().cjk() && (next == tokenEnd || next > tokenEnd + 1)) {
        break;
      }
      i = next;
    }
    if (words < 2) {
      return false;
    }
    clause.emit(from, last);
    return true;
  }

  /**
   * A value set off by a comma at the end of a sentence whose joiner found none: "the password to the VPN is the
   * same as before, Vpn-Same-4455". The clause after the comma must be that one word, and it must look like a
   * password.
   */
  void appositive(int clauseEnd) {
    if (clauseEnd >= text().length() || text().charAt(clauseEnd) != ',') {
      return;
    }
    int from = ProseWords.skipSpaces(text(), clauseEnd + 1, text().length());
    int to = clause.ends().after(from);
    int tokenEnd = wordEnd(from, to);
    if (tokenEnd <= from || ProseWords.skipSpaces(text(), tokenEnd, to) < to) {
      return;
    }
    String token = ProseValues.stripTrailing(text().substring(from, tokenEnd));
    if (ProseValues.looksLikePassword(token)) {
      clause.emit(from, from + token.length());
    }
  }

  /** A second value after the first and a contrast: "暗証番号は 8841 ではなく 907163 です" (not 8841 but 907163). */
  void contrasted(int valueEnd, int end, ProseClause.Sort sort) {
    int i = ProseWords.skipSpaces(text(), valueEnd, end);
    for (String contrast : CONTRASTS) {
      if (text().startsWith(contrast, i)) {
        int from = ProseWords.skipSpaces(text(), i + contrast.length(), end);
        int tokenEnd = wordEnd(from, end);
        if (tokenEnd > from) {
          String token = ProseValues.stripTrailing(text().substring(from, tokenEnd));
          if (ProseValues.looksLikePassword(token) || sort == ProseClause.Sort.PIN && ProseWords.isPin(token)) {
            clause.emit(from, from + token.length());
          }
        }
        return;
      }
    }
  }

  private String text() {
    return clause.text();
  }

  /** The end of the word at {@code i}: a run of ASCII in a language written without spaces. */
  private int wordEnd(int i, int end) {
    return clause.l().cjk() ? ProseWords.asciiRun(text(), i, end) : ProseWords.tokenEnd(text(), i, end);
  }
}
