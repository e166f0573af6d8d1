package io.engram.redact;

import java.util.List;

/**
 * Credentials in URLs of any scheme. In the user part, {@code scheme://user:password@host}: the password runs from
 * the first {@code :} of the user part to the last {@code @} before the host, so passwords that hold {@code @},
 * {@code :} or {@code /} are redacted whole; a user part without a password is redacted when it looks like a token
 * ({@code https://ghp_...@github.com}), not when it is a plain user name. In the query, the value of a parameter
 * that names a secret ({@code ?key=}, {@code access_token=}, {@code sig=}, {@code X-Amz-Security-Token=}), whatever
 * its shape: a UUID is a key when a webhook's URL says so. In the path, what follows a webhook's segment ({@code
 * /api/webhooks/ID/TOKEN}, {@code /bot/v2/hook/UUID}): the URL itself is the credential. And Go's data source names,
 * {@code user:password@tcp(host)/db}, which have no scheme.
 */
final class UrlCredentials implements Detector {
  /** How far past {@code ://} a user part may reach; bounds the work per occurrence. */
  private static final int MAX_AUTHORITY = 2048;
  /** How far before {@code @tcp(} a data source name's user and password may reach. */
  private static final int MAX_USER_PART = 256;
  // A token is 16 characters or more (64 bits in hexadecimal); a shorter user part or webhook segment is a name or
  // an id.
  private static final int SHORTEST_TOKEN = 16;
  // Below a bare key's 3.3 bits a character (ProseValues): a URL's user part with letters and digits is already
  // where a token goes, so a less random one is read as a token too.
  private static final double TOKEN_USER_BITS = 3.0;

  @Override
  public List<String> keywords() {
    return List.of("://", "@tcp(", "@unix(");
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
      if (atSign >= 0 && !s.substring(start, atSign).contains("[REDACTED")) {
        int colon = indexOf(s, start, atSign, ":");
        if (colon >= 0) {
          add(s, colon + 1, atSign, priority, out);
        } else if (looksLikeToken(s.substring(start, atSign))) {
          add(s, start, atSign, priority, out);
        }
      }
      pathAndQuery(s, Math.max(start, atSign + 1), end, priority, out);
    }
    for (String network : List.of("@tcp(", "@unix(")) {
      for (int at : scanned.hits(network)) {
        dataSourceName(s, at, priority, out);
      }
    }
  }

  /** Segments of a path that name a webhook: what follows one is its secret. */
  private static final java.util.Set<String> HOOKS = java.util.Set.of("hook", "hooks", "webhook", "webhooks",
      "webhookb2");
  /** Query parameters that name a secret beside those {@link ProseValues#namesSecret} knows. */
  private static final java.util.Set<String> SECRET_PARAMETERS = java.util.Set.of("key", "apikey", "api_key", "sig",
      "signature", "pass", "pw", "auth", "x-amz-security-token", "x-goog-signature", "access_token", "client_secret");

  /** Secrets in the path after a webhook's segment and in the query's parameters that name one. */
  private void pathAndQuery(String s, int from, int end, int priority, List<Finding> out) {
    int slash = indexOf(s, from, end, "/?#");
    boolean hook = false;
    int i = slash;
    while (i >= 0 && i < end && s.charAt(i) == '/') {
      int next = i + 1;
      while (next < end && "/?#".indexOf(s.charAt(next)) < 0 && s.charAt(next) < 128) {
        next++;
      }
      String segment = s.substring(i + 1, next);
      if (hook && segment.length() >= SHORTEST_TOKEN && segment.chars().anyMatch(Character::isDigit)) {
        add(s, i + 1, next, priority, out);
      }
      hook |= HOOKS.contains(segment.toLowerCase(java.util.Locale.ROOT));
      i = next;
    }
    if (i < 0 || i >= end || s.charAt(i) != '?') {
      return;
    }
    int p = i + 1;
    while (p < end) {
      int stop = p;
      while (stop < end && s.charAt(stop) != '&' && s.charAt(stop) != '#' && s.charAt(stop) > ' ' && s.charAt(stop) < 128) {
        stop++;
      }
      int eq = indexOf(s, p, stop, "=");
      if (eq > p) {
        String name = s.substring(p, eq).toLowerCase(java.util.Locale.ROOT);
        if (SECRET_PARAMETERS.contains(name) || ProseValues.namesSecret(name)) {
          add(s, eq + 1, stop, priority, out);
        }
      }
      if (stop >= end || s.charAt(stop) != '&') {
        return;
      }
      p = stop + 1;
    }
  }

  /** {@code user:password@tcp(host)/db}: the password between the user's first colon and the {@code @}. */
  private void dataSourceName(String s, int at, int priority, List<Finding> out) {
    int start = at;
    while (start > 0 && at - start < MAX_USER_PART && !isBreak(s.charAt(start - 1)) && s.charAt(start - 1) != '@') {
      start--;
    }
    int colon = indexOf(s, start, at, ":");
    if (colon > start) {
      add(s, colon + 1, at, priority, out);
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
    if (user.length() < SHORTEST_TOKEN) {
      return false;
    }
    boolean digit = user.chars().anyMatch(Character::isDigit);
    boolean letter = user.chars().anyMatch(Character::isLetter);
    return digit && letter && Entropy.of(user) > TOKEN_USER_BITS;
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
