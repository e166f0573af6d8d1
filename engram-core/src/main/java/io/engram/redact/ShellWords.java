package io.engram.redact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The words of one shell command as the shell would split them, each with where its characters stand in the
 * text: quotes ({@code '...'}, {@code "..."}, {@code $'...'}) and backslashes removed from a word's value but
 * mapped back, so that a part of a value ({@code pass} in {@code -u 'user:pass'}) can be cut out of the text itself.
 * A command ends at a line break (not one escaped with a backslash), {@code ;}, {@code &}, {@code |}, a closing
 * parenthesis or backtick, or after {@link #MAX_WORDS} words; a redirection ({@code <}, {@code >}, {@code <<<}) is a
 * word of its own. A quote left open on the line ends the word where it stands, as text around a command (JSON,
 * prose) often leaves one. Written here because the detectors need every character's offset, which no shell-words
 * library gives.
 */
final class ShellWords {
  /** How many words of one command are read: bounds the work per command. */
  static final int MAX_WORDS = 64;

  /** One word: its raw span {@code [start, end)} in the text and its value, each character's offset in {@code at}. */
  record Word(int start, int end, String value, int[] at) {
    /** The raw span of the value's characters {@code [from, to)} (non-empty), quotes around them left out. */
    int[] span(int from, int to) {
      return new int[] {at[from], at[to - 1] + 1};
    }

    /** An option: an unquoted word starting with a dash ({@code '-p'} quoted is an argument). */
    boolean isOption() {
      return value.length() > 1 && value.charAt(0) == '-' && at[0] == start;
    }
  }

  private ShellWords() {}

  /** The words of the command that starts at {@code from} in {@code text}. */
  static List<Word> from(String text, int from) {
    List<Word> words = new ArrayList<>();
    int i = from;
    int n = text.length();
    while (words.size() < MAX_WORDS) {
      while (i < n && (text.charAt(i) == ' ' || text.charAt(i) == '\t'
          || text.charAt(i) == '\\' && i + 1 < n && text.charAt(i + 1) == '\n')) {
        i += text.charAt(i) == '\\' ? 2 : 1;
      }
      if (i >= n || ends(text.charAt(i))) {
        return words;
      }
      if (text.charAt(i) == '<' || text.charAt(i) == '>') {
        int start = i;
        while (i < n && (text.charAt(i) == '<' || text.charAt(i) == '>' || text.charAt(i) == '&')) {
          i++;
        }
        words.add(new Word(start, i, text.substring(start, i), range(start, i)));
        continue;
      }
      i = word(text, i, words);
    }
    return words;
  }

  private static boolean ends(char c) {
    return c == '\n' || c == '\r' || c == ';' || c == '&' || c == '|' || c == ')' || c == '`';
  }

  /** Reads one word starting at {@code i}, adds it, and returns where it ends. */
  private static int word(String text, int i, List<Word> words) {
    int n = text.length();
    int start = i;
    StringBuilder value = new StringBuilder();
    int[] at = new int[16];
    int len = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (c == ' ' || c == '\t' || ends(c) || c == '<' || c == '>') {
        break;
      }
      if (c == '\'' || c == '"') {
        int close = closing(text, i, c);
        if (close < 0) {
          break; // a quote the line never closes belongs to the text around the command
        }
        for (int k = i + 1; k < close; k++) {
          char q = text.charAt(k);
          if (c == '"' && q == '\\' && k + 1 < close && "\"\\$`".indexOf(text.charAt(k + 1)) >= 0) {
            k++;
            q = text.charAt(k);
          }
          if (len == at.length) {
            at = Arrays.copyOf(at, len * 2);
          }
          at[len++] = k;
          value.append(q);
        }
        i = close + 1;
        continue;
      }
      if (c == '\\' && i + 1 < n && text.charAt(i + 1) != '\n') {
        i++;
        c = text.charAt(i);
      }
      if (len == at.length) {
        at = Arrays.copyOf(at, len * 2);
      }
      at[len++] = i;
      value.append(c);
      i++;
    }
    if (i > start) {
      words.add(new Word(start, i, value.toString(), Arrays.copyOf(at, len)));
    } else {
      i++; // an unclosed quote alone: skip it
    }
    return i;
  }

  /** How far a quoted part of a word may run: bounds the work per word. */
  private static final int MAX_QUOTED = 4096;

  /** Where the quote {@code q} at {@code i} closes on its line (within {@link #MAX_QUOTED}), or -1. */
  private static int closing(String text, int i, char q) {
    for (int k = i + 1; k < Math.min(text.length(), i + MAX_QUOTED); k++) {
      char c = text.charAt(k);
      if (c == '\n') {
        return -1;
      }
      if (q == '"' && c == '\\') {
        k++;
      } else if (c == q) {
        return k;
      }
    }
    return -1;
  }

  private static int[] range(int from, int to) {
    int[] r = new int[to - from];
    for (int k = 0; k < r.length; k++) {
      r[k] = from + k;
    }
    return r;
  }
}
