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

  /** One part of a provider's type prefix: {@code sk-}, {@code ghp_}, {@code proj-}. */
  private static final java.util.regex.Pattern PREFIX_PART = java.util.regex.Pattern.compile("[A-Za-z0-9]{1,12}[_-]");

  /**
   * True when {@code value} is a template a secret is written into: a provider's type prefix alone ({@code sk-}), or
   * after up to two parts of one, a run of one filler character ({@code xxxx}, {@code ****}, {@code ...}) up to its
   * end or to punctuation, or words asking for it ({@code your-key}). No real secret repeats one character for its
   * whole random part.
   */
  static boolean isTemplate(String value) {
    String rest = value.strip();
    java.util.regex.Matcher part = PREFIX_PART.matcher(rest);
    for (int parts = 0; parts <= 2; parts++) {
      if (parts > 0) {
        if (!part.reset(rest).lookingAt()) {
          return false;
        }
        rest = rest.substring(part.end());
        if (rest.isEmpty()) {
          return true;
        }
      }
      if (isFiller(rest) || TEMPLATE.matcher(rest).matches()) {
        return true;
      }
    }
    return false;
  }

  private static boolean isFiller(String v) {
    if (v.isEmpty()) {
      return false;
    }
    char c = v.charAt(0);
    int run = 0;
    while (run < v.length() && v.charAt(run) == c) {
      run++;
    }
    char next = run < v.length() ? v.charAt(run) : ' ';
    return "xX*.•".indexOf(c) >= 0 && run >= 3 && !Character.isLetterOrDigit(next) && next != '-' && next != '_';
  }

  /**
   * An identifier that names a secret in lower case ({@code app_password}, {@code db-token}): a variable's or
   * setting's name standing where its value goes, as a psql variable does ({@code PASSWORD :'app_password'}).
   */
  private static boolean namesItsSecret(String word) {
    return word.length() >= 6 && word.chars().allMatch(c -> c >= 'a' && c <= 'z' || c == '_' || c == '-' || c == '.')
        && ProseValues.namesSecret(word);
  }

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
    return WORDS.contains(word.toLowerCase(Locale.ROOT)) || isTemplate(v) || namesItsSecret(word)
        || word.equals(word.toUpperCase(Locale.ROOT)) && SELF_NAMES.contains(word.toLowerCase(Locale.ROOT))
        || GitleaksRules.globallyAllowed(v);
  }
}
