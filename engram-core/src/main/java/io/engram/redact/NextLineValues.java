package io.engram.redact;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A secret written on the line after its label: "the new password is:" then the value after a blank line, a fence or
 * nothing ("Password" then "X" as a form is copied; "密码留一份：" then "X"), a YAML block scalar ({@code password: |}
 * then the value indented), a JSON key whose value is on the next line, an XML element around its value on a line of
 * its own. The label is a short line that holds a secret's noun ({@link ProseLanguages#holdsNoun}) and ends with a
 * colon (or a block scalar's mark), or is that noun alone; the value is the next line that is no fence or blank, when
 * it is one word that {@link ProseValues#couldBeSecret could be the secret} and no name of one.
 */
final class NextLineValues implements Detector {
  /** The longest line read as a label. */
  private static final int MAX_LABEL = 100;
  // A label alone on its line is one noun ("Password", "db_password"): a longer word is a value, not a label.
  private static final int MAX_LABEL_WORD = 30;
  /** How many blank or fence lines may stand between a label and its value. */
  private static final int MAX_SKIPPED_LINES = 2;
  /** An XML element opened where its line ends, after words of any kind. */
  private static final Pattern OPEN_TAG_AT_END = Pattern.compile("<([\\p{L}_][\\p{L}_-]{0,29})>$");

  @Override
  public List<String> keywords() {
    return ProseLanguages.KEYWORDS;
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String s = scanned.text();
    if (s.indexOf('\n') < 0) {
      return; // one line holds no label with its value below
    }
    for (int[] line : ProseLanguages.linesWithKeywords(scanned, MAX_LABEL)) {
      if (line[1] < s.length() && isLabel(s, line[0], line[1])) {
        value(s, line[1] + 1, priority, out);
      }
    }
  }

  private static boolean isLabel(String s, int from, int to) {
    String line = s.substring(from, to).strip();
    if (line.isEmpty()) {
      return false;
    }
    String bare = line.replaceAll("[:：]\\s*[|>][-+]?$", ":"); // password: | and password: >- are block scalars
    char last = bare.charAt(bare.length() - 1);
    if (last == ':' || last == '：') {
      return ProseLanguages.holdsNoun(bare, 0, bare.length() - 1);
    }
    // the noun alone: Password, <password>, "password", 密码; or an element opened at the line's end: Note: <password>
    Matcher tag = OPEN_TAG_AT_END.matcher(bare);
    String word = tag.find() ? tag.group(1) : bare.replaceAll("^[<\"'`*#\\s]+|[>\"'`*\\s]+$", "");
    return !word.isEmpty() && word.length() <= MAX_LABEL_WORD && !word.contains(" ") && ProseLanguages.holdsNoun(word, 0, word.length())
        && word.chars().allMatch(c -> Character.isLetter(c) || c == '-' || c == '_');
  }

  /** The value on the first line from {@code from} that is not blank or a fence, if it is one likely word. */
  private static void value(String s, int from, int priority, List<Finding> out) {
    int line = from;
    for (int skipped = 0; line < s.length(); skipped++) {
      int end = s.indexOf('\n', line);
      end = end < 0 ? s.length() : end;
      String text = s.substring(line, end).strip();
      if (!text.isEmpty() && !text.startsWith("```") && !text.startsWith("~~~")) {
        break;
      }
      if (skipped == MAX_SKIPPED_LINES) {
        return;
      }
      line = end + 1;
    }
    if (line >= s.length()) {
      return;
    }
    int end = s.indexOf('\n', line);
    end = end < 0 ? s.length() : end;
    int start = line;
    while (start < end && Character.isWhitespace(s.charAt(start))) {
      start++;
    }
    int stop = end;
    while (stop > start && (Character.isWhitespace(s.charAt(stop - 1)) || s.charAt(stop - 1) == ',')) {
      stop--;
    }
    if (stop - start >= 2 && (s.charAt(start) == '"' || s.charAt(start) == '\'') && s.charAt(stop - 1) == s.charAt(start)) {
      start++;
      stop--;
    }
    String v = s.substring(start, stop);
    if (v.isEmpty() || v.chars().anyMatch(Character::isWhitespace) || v.endsWith(":") || "-#|<>[{".indexOf(v.charAt(0)) >= 0
        || !ProseValues.couldBeSecret(v) || ProseValues.namesSecret(v) || v.contains("[REDACTED")) {
      return;
    }
    out.add(new Finding(start, stop, SecretKind.PASSWORD_ASSIGNMENT, priority));
  }
}
