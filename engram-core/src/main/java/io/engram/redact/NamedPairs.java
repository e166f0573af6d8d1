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
  private NamedPairs() {}

  private static final String[] KEYWORDS = {"pass", "pwd", "secret", "token", "key", "credential", "psk"};
  private static final String NAME_FIELD = "(?:key|name|id|property|param(?:eter)?|parameterkey|variable)";
  private static final String VALUE_FIELD = "(?:value|defaultvalue|parametervalue)";
  /** The attribute rules need a value field on their line: the lines worth reading. */
  private static final String[] VALUE_KEYWORDS = {"value"};
  private static final String QUOTED = "(\"[^\"\\n]{0,512}\"|'[^'\\n]{0,512}')";
  private static final String NAME = "([^\"'\\n<>=]{1,100})";
  private static final Pattern CONSTANT_NAME = Pattern.compile("[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++");

  static List<PatternRule> rules() {
    return List.of(
        // <add key="SmtpPassword" value="..."/>, <param name="token" value="..."/>
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT, "(?i)\\b" + NAME_FIELD + "[ \\t]*=[ \\t]*([\"'])" + NAME
            + "\\1[^<>\\n]{0,200}?\\b" + VALUE_FIELD + "[ \\t]*=[ \\t]*" + QUOTED, 3, named(2), VALUE_KEYWORDS),
        // <add value="..." key="SmtpPassword"/>
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT, "(?i)\\b" + VALUE_FIELD + "[ \\t]*=[ \\t]*" + QUOTED
            + "[^<>\\n]{0,200}?\\b" + NAME_FIELD + "[ \\t]*=[ \\t]*([\"'])" + NAME + "\\2", 1, named(3), VALUE_KEYWORDS),
        // <entry key="password">...</entry>
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT, "(?i)<[\\w:.-]++[^<>\\n]{0,200}?\\b" + NAME_FIELD
            + "[ \\t]*=[ \\t]*([\"'])" + NAME + "\\1[^<>\\n]{0,200}>([^<\\n]{1,512})</", 3, named(2), "</"),
        // {"name": "DB_PASSWORD", "value": "..."}, and in YAML the value on the next line: - name: X \n value: ...
        // tried where a name field's word stands, the next line read too
        new PatternRule(SecretKind.PASSWORD_ASSIGNMENT, Pattern.compile("(?i)" + NAME_FIELD
            + "\\b[\"']?[ \\t]*[:=][ \\t]*([\"']?)([\\w.:/-]{1,100})\\1[ \\t]*,?[ \\t]*(?:\\r?\\n[ \\t]*-?[ \\t]*)?[\"']?"
            + VALUE_FIELD + "[\"']?[ \\t]*[:=][ \\t]*(\"[^\"\\n]{1,512}\"|'[^'\\n]{1,512}'|[^\\s\"',}{\\[]{1,512})"),
            3, List.of("key", "name", "id", "property", "param", "variable"), 1, false, true, named(2)),
        // define('DB_PASSWORD', '...'), Map.of("password", "..."), setProperty("db.password", "..."): tried at each
        // secret word, the name found back to its opening quote
        PatternRule.atKeywords(SecretKind.PASSWORD_ASSIGNMENT, "(?i)(?:pass|pwd|secret|token|key|credential|psk)"
            + "[\\w.:-]{0,60}+([\"'])[ \\t]*,[ \\t]*(\"[^\"\\n]{1,512}\"|'[^'\\n]{1,512}')", 2,
            (secret, m, t) -> literalName(t.text(), m.start(), m.end(1) - 1).filter(ProseValues::namesSecret).isPresent()
                && isValue(unquote(secret)) && !ProseValues.isOrdinaryWord(unquote(secret)), KEYWORDS));
  }

  /** The string literal that ends at {@code close} (its closing quote) and holds {@code inside}: its text, if any. */
  private static java.util.Optional<String> literalName(String text, int inside, int close) {
    char quote = text.charAt(close);
    for (int i = inside - 1; i >= 0 && inside - i <= 40; i--) {
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
