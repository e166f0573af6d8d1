package io.engram.redact;

import java.util.Locale;
import java.util.Set;

/** Values that stand for a secret rather than being one: markers, variables, templates, blanks, type names. */
final class Placeholders {
  private Placeholders() {}

  private static final Set<String> WORDS =
      Set.of("null", "none", "true", "false", "nil", "undefined", "changeme", "change-me", "changeit", "xxx", "xxxx",
          "...", "redacted", "required", "optional", "string", "example", "password", "passwd", "secret", "token",
          "your-token", "your-password", "your-api-key", "yourpassword", "mypassword", "dummy", "test", "todo",
          "tbd", "empty", "hidden", "masked", "omitted", "n/a", "na", "unset", "default", "env", "value");

  /** What a value is, written in capitals in its place: {@code password PASS}, {@code -p PASSWORD}. */
  private static final Set<String> SELF_NAMES =
      Set.of("pass", "password", "passwd", "pwd", "token", "secret", "key", "apikey", "api_key", "passphrase");

  /** Words that ask for a value to be put in: YOUR_CLIENT_SECRET, your-api-key, enter_token, CHANGE_ME. */
  private static final java.util.regex.Pattern TEMPLATE = java.util.regex.Pattern.compile(
      "(?i)(?:your|insert|enter|put|replace)[_-]?[a-z_-]*+|(?:change|replace)[_-]?(?:me|it|this)");

  /** True when {@code value} (quotes around it ignored) stands for a secret rather than being one. */
  static boolean isPlaceholder(String value) {
    String v = value.strip();
    if (v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'' || v.charAt(0) == '`')
        && v.charAt(v.length() - 1) == v.charAt(0)) {
      v = v.substring(1, v.length() - 1).strip();
    }
    if (v.isEmpty() || v.startsWith("[REDACTED") || v.startsWith("$") || v.startsWith("<") || v.startsWith("{")
        || v.startsWith("%") || v.startsWith("#") || v.chars().allMatch(c -> c == '*' || c == 'x' || c == 'X' || c == '.')) {
      return true;
    }
    if (v.length() == 1) {
      return true; // one letter stands for a value: --password=X
    }
    String word = v.replaceAll("[/\\\\|,;:.!?)\\]}'\"`]+$", "");
    return WORDS.contains(word.toLowerCase(Locale.ROOT)) || TEMPLATE.matcher(v).matches()
        || word.equals(word.toUpperCase(Locale.ROOT)) && SELF_NAMES.contains(word.toLowerCase(Locale.ROOT))
        || GitleaksRules.globallyAllowed(v);
  }
}
