package io.engram.redact;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A secret's name and its value given as two fields of one record, where {@link Assignments} sees neither as the
 * other's: {@code <add key="SmtpPassword" value="..."/>} (.NET), {@code <property name="db.password" value="..."/>}
 * (Spring, Hibernate, Ant), {@code <entry key="password">...</entry>} (Java's XML properties), {@code - name:
 * DB_PASSWORD} then {@code value: ...} (a Kubernetes container's environment), {@code {"name": "DB_PASSWORD",
 * "value": "..."}} (ECS, Postman), {@code {"ParameterKey": "DbPassword", "ParameterValue": "..."}} (CloudFormation),
 * and two literals side by side, {@code define('DB_PASSWORD', '...')} or {@code Map.of("password", "...")}.
 *
 * <p>The name field says which record holds a secret ({@link ProseValues#namesSecret}: {@code SmtpPassword} does,
 * {@code PasswordMinLength} and {@code ApiKeyHeader} do not); the value is a secret unless it stands for another
 * ({@link ProseValues#namesSomethingElse}: a placeholder, {@code ${db.password}}, a reference, a path), is empty, or
 * names a variable.
 */
final class NamedPairs {
  // A value's name is looked for within 200 characters of it, before or after: a line of configuration and the one
  // above it (YAML's list item).
  private static final int NAME_REACH = 200;
  // A literal that names a secret ("db_password") is short: its opening quote is looked for 40 characters back.
  private static final int LITERAL_NAME_REACH = 40;
  private NamedPairs() {}

  private static final String[] KEYWORDS = {"pass", "pwd", "secret", "token", "key", "credential", "psk"};
  private static final String NAME_FIELD = "(?:key|name|id|property|param(?:eter)?|parameterkey|variable)";
  private static final String NAME = "([^\"'\\n<>=]{1,100})";
  private static final Pattern CONSTANT_NAME = Pattern.compile("[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++");

  static List<PatternRule> rules() {
    return List.of(
        // <add key="SmtpPassword" value="..."/>, {"name": "DB_PASSWORD", "value": "..."}, - name: X \n  value: ...:
        // tried where a value field stands, its record's name looked for before it on its line or the line above
        PatternRule.atKeywords(SecretKind.PASSWORD_ASSIGNMENT, "(?i)value[\"']?[ \\t]*[:=][ \\t]*(\"[^\"\\n]{1,512}\"|"
            + "'[^'\\n]{1,512}'|[^\\s\"',}{\\[<>/]{1,128})", 1,
            (secret, m, t) -> nameBefore(t.text(), m.start())
                // an XML attribute's value is quoted: only then may its element name it after the value
                .or(() -> secret.charAt(0) == '"' || secret.charAt(0) == '\'' ? nameAfter(t.text(), m.end()) : java.util.Optional.empty())
                .filter(ProseValues::namesSecret).isPresent() && isValue(unquote(secret)), "value"),
        // <entry key="password">...</entry>
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT, "(?i)<[\\w:.-]++[^<>\\n]{0,200}?\\b" + NAME_FIELD
            + "[ \\t]*=[ \\t]*([\"'])" + NAME + "\\1[^<>\\n]{0,200}>([^<\\n]{1,512})</", 3, named(2), "</"),
        // define('DB_PASSWORD', '...'), Map.of("password", "..."), setProperty("db.password", "..."): tried at each
        // secret word, the name found back to its opening quote
        PatternRule.atKeywords(SecretKind.PASSWORD_ASSIGNMENT, "(?i)(?:pass|pwd|secret|token|key|credential|psk)"
            + "[\\w.:-]{0,60}+([\"'])[ \\t]*,[ \\t]*(\"[^\"\\n]{1,512}\"|'[^'\\n]{1,512}')(?![ \\t]*:)", 2,
            (secret, m, t) -> literalName(t.text(), m.start(), m.end(1) - 1).filter(ProseValues::namesSecret).isPresent()
                && isValue(unquote(secret)) && !ProseValues.isOrdinaryWord(unquote(secret)), KEYWORDS));
  }

  /**
   * The name field of the record whose value field starts at {@code valueAt}: the last {@code key="..."}, {@code
   * "name": "..."} or {@code name: ...} before it on its line, or on the line above (YAML's list item), with nothing
   * but the record's own punctuation after that name before the value field.
   */
  static java.util.Optional<String> nameBefore(String text, int valueAt) {
    // from the start of the line above, at most 200 characters back
    int from = Math.max(0, valueAt - NAME_REACH);
    int breaks = 0;
    for (int i = valueAt - 1; i >= from; i--) {
      if (text.charAt(i) == '\n' && ++breaks == 2) {
        from = i + 1;
        break;
      }
    }
    // Only a name that holds a secret's word matters: a record without one is passed over before any pattern runs.
    String before = text.substring(from, valueAt).toLowerCase(java.util.Locale.ROOT);
    if (java.util.Arrays.stream(KEYWORDS).noneMatch(before::contains)) {
      return java.util.Optional.empty();
    }
    java.util.regex.Matcher m = NAME_FIELD_BEFORE.matcher(text).useTransparentBounds(true).region(from, valueAt);
    String name = null;
    while (m.find()) {
      name = m.group(2);
    }
    return java.util.Optional.ofNullable(name);
  }

  /** The name attribute after the value in the same XML element: {@code <add value="..." key="DbPassword"/>}. */
  static java.util.Optional<String> nameAfter(String text, int valueEnd) {
    int end = valueEnd;
    int limit = Math.min(text.length(), valueEnd + NAME_REACH);
    while (end < limit && text.charAt(end) != '>' && text.charAt(end) != '\n') {
      end++;
    }
    if (end >= limit || text.charAt(end) != '>') {
      return java.util.Optional.empty();
    }
    java.util.regex.Matcher m = NAME_ATTRIBUTE.matcher(text).region(valueEnd, end);
    return m.find() ? java.util.Optional.of(m.group(2)) : java.util.Optional.empty();
  }

  private static final Pattern NAME_ATTRIBUTE =
      Pattern.compile("(?i)\\b" + NAME_FIELD + "[ \\t]*=[ \\t]*([\"'])([^\"'\\n<>=]{1,100})\\1");

  private static final Pattern NAME_FIELD_BEFORE = Pattern.compile("(?i)\\b" + NAME_FIELD
      + "[\"']?[ \\t]*[:=][ \\t]*([\"']?)([\\w.:/-]{1,100})\\1(?=[ \\t]*,?[ \\t]*(?:\\r?\\n[ \\t]*-?[ \\t]*)?[\"']?"
      + "(?:(?!(?:default|parameter)?value\\b)[\\w-]{1,40}[ \\t]*=[ \\t]*(?:\"[^\"\\n]*\"|'[^'\\n]*')[ \\t]*)*+"
      + "(?:default|parameter)?value\\b)");

  /** The string literal that ends at {@code close} (its closing quote) and holds {@code inside}: its text, if any. */
  private static java.util.Optional<String> literalName(String text, int inside, int close) {
    char quote = text.charAt(close);
    for (int i = inside - 1; i >= 0 && inside - i <= LITERAL_NAME_REACH; i--) {
      char c = text.charAt(i);
      if (c == quote) {
        return java.util.Optional.of(text.substring(i + 1, close));
      }
      if (!(Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == ':' || c == '-')) {
        return java.util.Optional.empty();
      }
    }
    return java.util.Optional.empty();
  }

  /** The record's name (group {@code group}) names a secret, and its value is one. */
  private static SecretCheck named(int group) {
    return (secret, m, t) -> ProseValues.namesSecret(m.group(group).strip()) && isValue(unquote(secret));
  }

  private static boolean isValue(String v) {
    String value = v.strip();
    return value.length() >= 4 && !Placeholders.isPlaceholder(value) && !ProseValues.namesSomethingElse(value)
        && !CONSTANT_NAME.matcher(value).matches();
  }

  private static String unquote(String v) {
    return v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'') && v.charAt(v.length() - 1) == v.charAt(0)
        ? v.substring(1, v.length() - 1) : v;
  }
}
