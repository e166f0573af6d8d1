package io.engram.redact;

import java.util.List;
import java.util.Locale;

/**
 * Credentials passed to a call in code by position, with no name beside them: {@code smtp.PlainAuth("", "user",
 * "X", host)}, {@code DriverManager.getConnection(url, "app", "X")}, {@code new NetworkCredential("svc", "X")},
 * {@code HTTPBasicAuth('user', 'X')}, {@code new PDO($dsn, 'user', 'X')}, {@code Client("AC...", "TOKEN")}, a
 * tuple after {@code auth=} ({@code requests.get(url, auth=("admin", "X"))}). The callee says the arguments are
 * credentials: its name (or a constructor's type: {@code Client::new}, {@code Net::SMTP.start}) holds auth, credential,
 * login, connect, smtp, pdo or is a client. Of its string literals, any after the first that looks like a password or
 * like a random key is the secret; a host, an address, a user name, a URL or a variable is left alone.
 */
final class CredentialCalls implements Detector {
  private static final List<String> KEYWORDS = List.of("auth", "credential", "login", "logon", "connect", "smtp",
      "pdo", "client");
  /** Methods that make or open what their receiver names: the receiver is the callee that counts. */
  private static final List<String> OPENERS = List.of("new", "start", "open", "create", "connect", "login", "build");
  /** The longest callee read, {@code Net::SMTP.start}: a longer run of name characters is no call's name. */
  private static final int MAX_NAME = 80;
  /** How far an argument list is read: a call of credentials fits in it. */
  private static final int MAX_ARGUMENTS = 400;

  @Override
  public List<String> keywords() {
    return KEYWORDS;
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String text = scanned.text();
    java.util.BitSet seen = new java.util.BitSet();
    for (String k : KEYWORDS) {
      for (int at : scanned.hits(k)) {
        int end = at;
        while (end < text.length() && end - at < MAX_NAME && isNameChar(text.charAt(end))) {
          end++;
        }
        int open = end;
        boolean tuple = false;
        if (k.equals("auth") && end == at + 4) {
          int eq = ProseWords.skipSpaces(text, end, text.length());
          if (eq < text.length() && text.charAt(eq) == '=') {
            open = ProseWords.skipSpaces(text, eq + 1, text.length());
            tuple = true; // auth=("user", "X")
          }
        }
        if (open >= text.length() || text.charAt(open) != '(' || seen.get(open)
            || !tuple && !namesCredentials(callee(text, end), k)) {
          continue;
        }
        seen.set(open);
        arguments(text, open, priority, out);
      }
    }
  }

  /** The name before a call's parenthesis at {@code end}: {@code Net::SMTP.start}, {@code smtp.PlainAuth}. */
  private static String callee(String text, int end) {
    int start = end;
    while (start > 0 && end - start < MAX_NAME && isNameChar(text.charAt(start - 1))) {
      start--;
    }
    return text.substring(start, end);
  }

  /** True when the callee's own name, or its receiver's before an opener such as {@code new}, holds {@code k}. */
  private static boolean namesCredentials(String callee, String k) {
    String[] parts = callee.split("::|\\.");
    if (parts.length == 0) {
      return false;
    }
    boolean opener = parts.length > 1 && OPENERS.contains(parts[parts.length - 1].toLowerCase(Locale.ROOT));
    String type = opener ? parts[parts.length - 2] : parts[parts.length - 1];
    if (k.equals("client")) {
      return type.endsWith("Client"); // a client's type (Client(...), Client::new), not an instance's client.get(...)
    }
    return (opener ? type + "." + parts[parts.length - 1] : type).toLowerCase(Locale.ROOT).contains(k);
  }

  /** The string literals among the arguments of the call opened at {@code open}, past the first argument. */
  private static void arguments(String text, int open, int priority, List<Finding> out) {
    int limit = Math.min(text.length(), open + MAX_ARGUMENTS);
    int depth = 0;
    int index = 0;
    boolean argumentStart = true;
    for (int i = open; i < limit; i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\'') {
        int close = i + 1;
        while (close < limit && text.charAt(close) != c && text.charAt(close) != '\n') {
          close++;
        }
        if (close >= limit || text.charAt(close) != c) {
          return; // a literal left open on its line: no call of code
        }
        if (depth == 1 && argumentStart && index > 0 && isCredential(text.substring(i + 1, close))) {
          out.add(new Finding(i + 1, close, SecretKind.PASSWORD_ASSIGNMENT, priority));
        }
        argumentStart = false;
        i = close;
      } else if (c == '(' || c == '[' || c == '{') {
        depth++;
        argumentStart = depth == 1;
      } else if (c == ')' || c == ']' || c == '}') {
        if (--depth == 0) {
          return;
        }
      } else if (c == ',' && depth == 1) {
        index++;
        argumentStart = true;
      } else if (c == '\n' || !Character.isWhitespace(c) && depth == 1) {
        argumentStart = false;
      }
    }
  }

  /** A literal that looks like a password or a random key, and is nothing else (a host, an address, a URL). */
  private static boolean isCredential(String v) {
    return ProseValues.looksLikePassword(v) || ProseValues.looksLikeKey(v);
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == ':' || c == '$';
  }
}
