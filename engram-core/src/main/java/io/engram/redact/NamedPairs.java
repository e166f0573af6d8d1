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
  private static final String VALUE_FIELD = "(?:value|defaultvalue|parametervalue|content)";
  private static final String QUOTED = "(\"[^\"\\n]{0,512}\"|'[^'\\n]{0,512}')";
  private static final String NAME = "([^\"'\\n<>=]{1,100})";
  private static final Pattern CONSTANT_NAME = Pattern.compile("[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++");

  static List<PatternRule> rules() {
    return List.of(
        // <add key="SmtpPassword" value="..."/>, <param name="token" value="..."/>
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT, "(?i)\\b" + NAME_FIELD + "[ \\t]*=[ \\t]*([\"'])" + NAME
            + "\\1[^<>\\n]{0,200}?\\b" + VALUE_FIELD + "[ \\t]*=[ \\t]*" + QUOTED, 3, named(2), KEYWORDS),
        // <add value="..." key="SmtpPassword"/>
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT, "(?i)\\b" + VALUE_FIELD + "[ \\t]*=[ \\t]*" + QUOTED
            + "[^<>\\n]{0,200}?\\b" + NAME_FIELD + "[ \\t]*=[ \\t]*([\"'])" + NAME + "\\2", 1, named(3), KEYWORDS),
        // <entry key="password">...</entry>
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT, "(?i)<[\\w:.-]++[^<>\\n]{0,200}?\\b" + NAME_FIELD
            + "[ \\t]*=[ \\t]*([\"'])" + NAME + "\\1[^<>\\n]{0,200}>([^<\\n]{1,512})</", 3, named(2), KEYWORDS),
        // {"name": "DB_PASSWORD", "value": "..."}, and in YAML the value on the next line: - name: X \n value: ...
        new PatternRule(SecretKind.PASSWORD_ASSIGNMENT, Pattern.compile("(?i)[\"']?\\b" + NAME_FIELD
            + "[\"']?[ \\t]*[:=][ \\t]*([\"']?)([\\w.:/-]{1,100})\\1[ \\t]*,?[ \\t]*(?:\\r?\\n[ \\t]*-?[ \\t]*)?[\"']?"
            + VALUE_FIELD + "[\"']?[ \\t]*[:=][ \\t]*(\"[^\"\\n]{1,512}\"|'[^'\\n]{1,512}'|[^\\s\"',}{\\[]{1,512})"),
            3, List.of(KEYWORDS), 1, false, false, named(2)),
        // define('DB_PASSWORD', '...'), Map.of("password", "..."), setProperty("db.password", "...")
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT,
            "([\"'])([\\w.:-]{1,100})\\1[ \\t]*,[ \\t]*(\"[^\"\\n]{1,512}\"|'[^'\\n]{1,512}')", 3,
            named(2).and((secret, m, t) -> !ProseValues.isOrdinaryWord(unquote(secret))), KEYWORDS));
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
