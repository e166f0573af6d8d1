package io.engram.redact;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Passwords in {@code .netrc} entries, on one line or several: from {@code machine HOST} (or {@code default}) the
 * words are read as the file's grammar has them, a keyword and its value, and the value of {@code password} and
 * {@code account} is the secret. Reading stops at the first word that is no keyword of the file, so prose that
 * merely names a machine ("machine github.com login octocat # the password comes from the keychain") is left alone.
 * An entry may stand inside quotes ({@code echo "machine ... password ..." >> ~/.netrc}): a quote ends a word.
 */
final class NetrcEntries implements Detector {
  private static final Set<String> WITH_VALUE = Set.of("machine", "login", "password", "account", "port");
  private static final Set<String> SECRET = Set.of("password", "account");
  /** How many words of one file are read: bounds the work per occurrence. */
  private static final int MAX_WORDS = 64;

  @Override
  public List<String> keywords() {
    return List.of("machine", "default");
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String text = scanned.text();
    int readTo = 0;
    for (String k : keywords()) {
      for (int at : scanned.hits(k)) {
        if (at < readTo || at > 0 && !Character.isWhitespace(text.charAt(at - 1)) && "`'\"".indexOf(text.charAt(at - 1)) < 0) {
          continue;
        }
        readTo = read(text, at, priority, out);
      }
    }
  }

  /** Reads an entry's words from {@code at}; returns where reading stopped. */
  private static int read(String text, int at, int priority, List<Finding> out) {
    int i = at;
    for (int words = 0; words < MAX_WORDS; words++) {
      int start = skipSpaces(text, i);
      int end = wordEnd(text, start);
      if (end == start) {
        return start;
      }
      String word = text.substring(start, end).toLowerCase(Locale.ROOT);
      if (word.equals("default")) {
        i = end;
        continue;
      }
      if (!WITH_VALUE.contains(word)) {
        return start;
      }
      int valueStart = skipSpaces(text, end);
      int valueEnd = wordEnd(text, valueStart);
      if (valueEnd == valueStart) {
        return valueStart;
      }
      String value = ProseValues.stripTrailing(text.substring(valueStart, valueEnd));
      if (SECRET.contains(word) && !value.isEmpty() && !Placeholders.isPlaceholder(value) && !value.contains("[REDACTED")
          && !ProseValues.isFunctionWord(value)) {
        out.add(new Finding(valueStart, valueStart + value.length(), SecretKind.PASSWORD_ASSIGNMENT, priority));
      }
      i = valueEnd;
    }
    return i;
  }

  private static int skipSpaces(String text, int i) {
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  private static int wordEnd(String text, int i) {
    while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && "`'\"".indexOf(text.charAt(i)) < 0) {
      i++;
    }
    return i;
  }
}
