package io.engram.redact;

import java.util.List;

/**
 * Credentials in the user part of a URL of any scheme: {@code scheme://user:password@host}. The password
 * runs from the first {@code :} of the user part to the last {@code @} before the host, so passwords that
 * hold {@code @}, {@code :} or {@code /} are redacted whole. A user part without a password is redacted
 * when it looks like a token ({@code https://ghp_...@github.com}), not when it is a plain user name.
 */
final class UrlCredentials implements Detector {
  /** How far past {@code ://} a user part may reach; bounds the work per occurrence. */
  private static final int MAX_AUTHORITY = 2048;

  @Override
  public List<String> keywords() {
    return List.of("://");
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String s = scanned.text();
    int[] hits = scanned.hits("://");
    for (int h = 0; h < hits.length; h++) {
      int at = hits[h];
      if (at == 0 || !isSchemeChar(s.charAt(at - 1))) {
        continue;
      }
      int start = at + 3;
      int limit = Math.min(s.length(), Math.min(start + MAX_AUTHORITY, h + 1 < hits.length ? hits[h + 1] : s.length()));
      int end = start;
      while (end < limit && !isBreak(s.charAt(end))) {
        end++;
      }
      int atSign = lastHostAt(s, start, end);
      if (atSign < 0) {
        continue;
      }
      if (s.substring(start, atSign).contains("[REDACTED")) {
        continue; // already redacted
      }
      int colon = indexOf(s, start, atSign, ":");
      if (colon >= 0) {
        add(s, colon + 1, atSign, priority, out);
      } else if (looksLikeToken(s.substring(start, atSign))) {
        add(s, start, atSign, priority, out);
      }
    }
  }

  private void add(String s, int from, int to, int priority, List<Finding> out) {
    if (to <= from) {
      return;
    }
    String secret = s.substring(from, to);
    if (secret.startsWith("[REDACTED") || Placeholders.isPlaceholder(secret)) {
      return;
    }
    out.add(new Finding(from, to, SecretKind.CONNECTION_STRING, priority));
  }

  /** The last {@code @} in {@code [start, end)} that is followed by a host name (or ends a cut URL), or -1. */
  private static int lastHostAt(String s, int start, int end) {
    int colon = indexOf(s, start, end, ":");
    int pathMark = indexOf(s, start, end, "/?#");
    for (int i = end - 1; i > start; i--) {
      if (s.charAt(i) == '@' && (i + 1 == end ? colon > start && colon < i : isHostStart(s.charAt(i + 1)))) {
        // A user name never holds a path: in "host/@name" the @ belongs to the path, not to credentials.
        int userEnd = colon >= 0 && colon < i ? colon : i;
        if (pathMark < 0 || pathMark >= userEnd) {
          return i;
        }
      }
    }
    return -1;
  }

  private static int indexOf(String s, int start, int end, String chars) {
    for (int i = start; i < end; i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }

  private static boolean looksLikeToken(String user) {
    if (user.length() < 16) {
      return false;
    }
    boolean digit = user.chars().anyMatch(Character::isDigit);
    boolean letter = user.chars().anyMatch(Character::isLetter);
    return digit && letter && Entropy.of(user) > 3.0;
  }

  private static boolean isSchemeChar(char c) {
    return c < 128 && (Character.isLetterOrDigit(c) || c == '+' || c == '.' || c == '-');
  }

  private static boolean isHostStart(char c) {
    return c < 128 && (Character.isLetterOrDigit(c) || c == '[' || c == '_');
  }

  private static boolean isBreak(char c) {
    return Character.isWhitespace(c) || c == '"' || c == '\'' || c == '`' || c == '<' || c == '>';
  }
}
