package io.engram.redact;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Passwords set by a database's own statements, as its manual writes them: SQL's {@code CREATE USER app WITH PASSWORD
 * 'X'}, {@code ALTER USER postgres PASSWORD 'X'}, {@code CREATE USER 'app'@'%' IDENTIFIED BY 'X'}, {@code ALTER
 * USER system IDENTIFIED BY X}, {@code CREATE LOGIN svc WITH PASSWORD = 'X'}, {@code SET PASSWORD FOR u = 'X'},
 * and Redis' {@code ACL SETUSER worker on >X}. A value that stands for another is left alone: a psql variable
 * ({@code :'app_password'}), a parameter ({@code $1}, {@code ?}), {@code NULL}.
 */
final class DatabaseStatements implements Detector {
  /** A statement that sets a password, up to where its value starts; bounded, so each line costs linear time. */
  private static final Pattern SQL = Pattern.compile("(?i)\\b(?:(?:create|alter)[ \\t]+(?:user|role|login)\\b"
      + "[^;\\n]{0,200}?\\b(?:identified[ \\t]+(?:with[ \\t]+\\w+[ \\t]+)?by|password[ \\t]*=?)"
      + "|set[ \\t]+password\\b[^;\\n=]{0,120}=)[ \\t]*");
  private static final Pattern REDIS_ACL = Pattern.compile("(?i)\\bacl[ \\t]+setuser[ \\t]+\\S+");

  /** The words a statement that sets a password starts with: only the lines that hold one are read. */
  private static final List<String> KEYWORDS = List.of("create user", "alter user", "create role", "alter role",
      "create login", "alter login", "set password", "setuser");

  @Override
  public List<String> keywords() {
    return KEYWORDS;
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String text = scanned.text();
    for (int[] region : scanned.regions(KEYWORDS, 0)) {
      Matcher sql = SQL.matcher(scanned.subject()).region(region[0], region[1]);
      while (sql.find()) {
        value(text, sql.end(), priority, out);
      }
      acl(scanned, region, priority, out);
    }
  }

  private static void acl(ScannedText scanned, int[] region, int priority, List<Finding> out) {
    String text = scanned.text();
    Matcher acl = REDIS_ACL.matcher(scanned.subject()).region(region[0], region[1]);
    while (acl.find()) {
      // the rules after the user name: ">X" adds the password X ("<X" removes one, "#hash" gives its hash)
      int i = acl.end();
      int lineEnd = text.indexOf('\n', i) < 0 ? text.length() : text.indexOf('\n', i);
      while (i < lineEnd) {
        int end = i;
        while (end < lineEnd && !Character.isWhitespace(text.charAt(end))) {
          end++;
        }
        if (end > i + 1 && text.charAt(i) == '>') {
          add(text, i + 1, end, priority, out);
        }
        i = end + 1;
      }
    }
  }

  /** The literal at {@code at}: quoted (inside the quotes) or one bare word. */
  private static void value(String text, int at, int priority, List<Finding> out) {
    if (at >= text.length()) {
      return;
    }
    char q = text.charAt(at);
    if (q == '\'' || q == '"') {
      int close = at + 1;
      while (close < text.length() && text.charAt(close) != '\n') {
        if (text.charAt(close) == q) {
          if (close + 1 < text.length() && text.charAt(close + 1) == q) {
            close += 2; // a quote doubled inside the literal
            continue;
          }
          break;
        }
        close++;
      }
      if (close < text.length() && text.charAt(close) == q) {
        add(text, at + 1, close, priority, out);
      }
      return;
    }
    int end = at;
    while (end < text.length() && !Character.isWhitespace(text.charAt(end)) && ";,)'\"".indexOf(text.charAt(end)) < 0) {
      end++;
    }
    add(text, at, end, priority, out);
  }

  private static void add(String text, int from, int to, int priority, List<Finding> out) {
    String v = text.substring(from, to);
    if (to - from < 2 || Placeholders.isPlaceholder(v) || v.startsWith(":") || v.startsWith("?") || v.startsWith("@")
        || ProseValues.isFunctionWord(v)) {
      return;
    }
    out.add(new Finding(from, to, SecretKind.PASSWORD_ASSIGNMENT, priority));
  }
}
