package io.engram.redact;

import java.util.List;

/**
 * Passwords in {@code .pgpass} lines, {@code hostname:port:database:username:password}, wherever one stands (alone,
 * after {@code echo '...' >>}, in prose): a port of digits or {@code *} between colons, a host before it that names
 * a machine (a letter or a dot in it, or {@code *}), a database and a user name without quotes, brackets or spaces,
 * and the password to the end of the word; a colon or backslash inside a field is escaped with a backslash. A
 * time ({@code 12:30:45}) has no host; JSON ({@code "2026-02-12T14:58:15.339Z","x":...}) has quotes in its fields.
 */
final class PgpassLines implements Detector {
  /** The longest password read: bounds the work per colon in a text of many. */
  private static final int MAX_PASSWORD = 512;
  // A database's or a user's name is far shorter (PostgreSQL's names are at most 63 bytes): bounds the work per colon.
  private static final int MAX_FIELD = 128;

  @Override
  public List<String> keywords() {
    return List.of(":");
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String s = scanned.text();
    for (int colon : scanned.hits(":")) {
      int portEnd = port(s, colon + 1);
      if (portEnd < 0 || portEnd >= s.length() || s.charAt(portEnd) != ':') {
        continue;
      }
      int hostStart = colon;
      while (hostStart > 0 && isHostChar(s.charAt(hostStart - 1))) {
        hostStart--;
      }
      String host = s.substring(hostStart, colon);
      if (host.isEmpty() || !(host.equals("*") || host.chars().anyMatch(c -> Character.isLetter(c) || c == '.'))
          || hostStart > 0 && "\\:/@".indexOf(s.charAt(hostStart - 1)) >= 0) {
        continue;
      }
      int dbEnd = field(s, portEnd + 1);
      int userEnd = dbEnd > portEnd + 1 && dbEnd < s.length() && s.charAt(dbEnd) == ':' ? field(s, dbEnd + 1) : -1;
      if (userEnd <= dbEnd + 1 || userEnd >= s.length() || s.charAt(userEnd) != ':') {
        continue;
      }
      int passStart = userEnd + 1;
      int passEnd = passStart;
      int passLimit = Math.min(s.length(), passStart + MAX_PASSWORD);
      while (passEnd < passLimit && !Character.isWhitespace(s.charAt(passEnd)) && "'\"`".indexOf(s.charAt(passEnd)) < 0) {
        passEnd += s.charAt(passEnd) == '\\' && passEnd + 1 < s.length() ? 2 : 1;
      }
      String password = s.substring(passStart, passEnd);
      if (!password.isEmpty() && !Placeholders.isPlaceholder(password) && !password.contains("[REDACTED")) {
        out.add(new Finding(passStart, passEnd, SecretKind.PASSWORD_ASSIGNMENT, priority));
      }
    }
  }

  /** The end of a port (1 to 5 digits, or {@code *}) starting at {@code i}, or -1. */
  private static int port(String s, int i) {
    if (i < s.length() && s.charAt(i) == '*') {
      return i + 1;
    }
    int end = i;
    while (end < s.length() && end - i < 6 && Character.isDigit(s.charAt(end))) {
      end++;
    }
    return end > i && end - i <= 5 ? end : -1;
  }

  /** The end of a database or user field starting at {@code i}: word characters, {@code . * @ $ + -}, escapes. */
  private static int field(String s, int i) {
    int end = i;
    while (end < s.length() && end - i < MAX_FIELD) {
      char c = s.charAt(end);
      if (c == '\\' && end + 1 < s.length()) {
        end += 2;
      } else if (Character.isLetterOrDigit(c) || "_.*@$+-".indexOf(c) >= 0) {
        end++;
      } else {
        break;
      }
    }
    return end;
  }

  private static boolean isHostChar(char c) {
    return Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_' || c == '*';
  }
}
