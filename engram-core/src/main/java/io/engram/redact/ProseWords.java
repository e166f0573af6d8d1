package io.engram.redact;

import io.engram.redact.ProseLanguages.Language;
import java.util.List;

/**
 * The words of prose as {@link ProseClause} reads them: spaces (the ideographic one too), a word up to the next space,
 * a run of ASCII inside text without spaces (a value in Chinese or Japanese prose), a joiner of the clause's
 * language, a quote and where it closes, and the two shapes a word is told by alone: a PIN and a word of code.
 */
final class ProseWords {
  /** The longest word read as a gap word or a value: a longer run of text without a space is no prose. */
  static final int MAX_TOKEN = 130;
  // A PIN is 4 digits or more: a card's, a phone's.
  static final int SHORTEST_PIN = 4;
  // The longest PIN a bank or a device takes is 12 digits; a longer run is a number (an account's, an order's).
  static final int LONGEST_PIN = 12;
  /** Joiners of every language: "password -> X". */
  private static final List<String> ARROWS = List.of("->", "=>", "→", "⇒");
  /** Quotes that open a value, and at the same place in {@link #CLOSING} the quote that closes it. */
  static final String OPENING = "\"'`“‘«„「『‹";
  static final String CLOSING = "\"'`”’»“」』›";

  private ProseWords() {}

  /** The end of a joiner of {@code l} (or an arrow) standing at {@code i}, or -1. Word joiners need a word boundary. */
  static int joinerAt(String text, Language l, int i, int end) {
    for (String arrow : ARROWS) {
      if (text.startsWith(arrow, i)) {
        return i + arrow.length();
      }
    }
    for (String j : l.joiners()) {
      if (i + j.length() > end || !text.regionMatches(true, i, j, 0, j.length())) {
        continue;
      }
      int after = i + j.length();
      boolean word = Character.isLetter(j.charAt(j.length() - 1));
      if (word && !l.cjk() && after < text.length() && !Character.isWhitespace(text.charAt(after))
          && text.charAt(after) != ':') {
        continue; // a joiner is a word of its own: "es" is not the start of "Es!Root-9043"
      }
      if (j.equals("=") && after < text.length() && text.charAt(after) == '=') {
        continue;
      }
      return after;
    }
    return -1;
  }

  static int skipSpaces(String text, int i, int end) {
    while (i < end && (text.charAt(i) == ' ' || text.charAt(i) == '\t' || text.charAt(i) == '\u00a0'
        || text.charAt(i) == '\u3000')) {
      i++;
    }
    return i;
  }

  /** The end of the word at {@code i}, or -1 when it runs past {@link #MAX_TOKEN}: no word of prose. */
  static int tokenEnd(String text, int i, int end) {
    int limit = Math.min(end, i + MAX_TOKEN);
    while (i < limit && !Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i == limit && limit < end ? -1 : i;
  }

  /** The end of the run of printable ASCII at {@code i} (a value inside text without spaces), or -1 when too long. */
  static int asciiRun(String text, int i, int end) {
    int limit = Math.min(end, i + MAX_TOKEN);
    while (i < limit && text.charAt(i) > ' ' && text.charAt(i) < 127) {
      i++;
    }
    return i == limit && limit < end ? -1 : i;
  }

  /** Where the quote opened at {@code open} closes on its line, within {@link ClauseEnds#MAX_CLAUSE}; -1 if not. */
  static int closing(String text, int open, char close) {
    int limit = Math.min(text.length(), open + 1 + ClauseEnds.MAX_CLAUSE);
    for (int i = open + 1; i < limit; i++) {
      char c = text.charAt(i);
      if (c == close) {
        return i;
      }
      if (c == '\n') {
        return -1;
      }
    }
    return -1;
  }

  /** A PIN said after its noun without a joiner: 4 to 12 digits, not one digit repeated (a default, 0000). */
  static boolean isPin(String token) {
    return token.length() >= SHORTEST_PIN && token.length() <= LONGEST_PIN && token.chars().allMatch(Character::isDigit)
        && token.chars().distinct().count() > 1;
  }

  /** A word of code between a noun and its joiner: operators, brackets, a call ({@code status(401)}). */
  static boolean isCode(String token) {
    for (int k = 0; k < token.length(); k++) {
      char c = token.charAt(k);
      if ("{}[];=<>|&$".indexOf(c) >= 0 || c == '(' && k > 0 || c == ')' && k + 1 < token.length()) {
        return true;
      }
    }
    return false;
  }
}
