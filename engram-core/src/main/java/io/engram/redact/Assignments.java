package io.engram.redact;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * Values given to secret-looking names: {@code password=...}, {@code "api_key": "..."}, {@code token: ...}
 * in code, {@code .env}, JSON, YAML, TOML and properties files; {@code --password ...} and {@code --http-password=...}
 * on command lines of any tool; {@code <password>...</password>} in XML. Prose is {@link ProseSecrets}' job, the
 * credential options of known tools {@link CommandLines}'.
 *
 * <p>A quoted value is a secret unless it is a placeholder. An unquoted one must also not read as code: a
 * call, a variable or a dotted reference ({@code process.env.TOKEN}), a type ({@code token: string}), or,
 * in the middle of a line of code, a bare identifier ({@code token = token}). In prose the value must not
 * be an ordinary word ("the token is expired"). Names that only mention a secret are left alone:
 * {@code token_type}, {@code max_tokens}, {@code password_length}, {@code public_key}...
 */
final class Assignments {
  // The words that say a name holds no secret ("example", "your") come right before it: 24 characters, a few words.
  private static final int BEFORE_NAME_CHARS = 24;
  private Assignments() {}

  /**
   * The word of a name that makes it hold a secret; every match starts with one of {@link #NAME_KEYWORDS}, so
   * the rules are tried only where one occurs. "key" counts after api, access, private, auth, account, secret;
   * "pass" as the end of a name (DB_PASS) or a name of its own ({@code pass = ...} in rclone's configuration);
   * "psk" is a Wi-Fi key; {@code SSHPASS} is what {@code sshpass -e} reads.
   */
  private static final String NAME =
      "(?:passw(?:or)?d|passphrase|(?<=[_.-])pass(?![a-z])|(?<=(?m:^)[ \\t]{0,8})pass(?![\\w-])|pwd|secret|token|credentials?"
          + "|(?<![a-z])psk|(?<![a-z])sshpass(?![a-z])|(?<=(?:api|access|private|auth|account|secret)[_.-]?)key)";
  private static final String[] NAME_KEYWORDS = {"pass", "pwd", "secret", "token", "key", "credential", "psk", "sshpass"};

  /**
   * A value: double-, single- or back-quoted, a quote the line never closes (a text cut after the value), or a bare
   * run (not ending with a sentence's full stop).
   */
  private static final String VALUE =
      "(\\\\\"[^\"\\\\\\n]{1,512}\\\\\"|\"(?:[^\"\\\\\\n]|\\\\.){1,512}\"|'[^'\\n]{1,512}'|`[^`\\n]{1,512}`"
          + "|[\"'][^\"'\\n]{1,512}+(?=\\n|\\z)|[^\\s\"'`,;]{0,511}[^\\s\"'`,;.])";

  private static final Set<String> TYPES =
      Set.of("str", "string", "number", "int", "integer", "long", "bool", "boolean", "any", "bytes", "byte", "char",
          "object", "text", "varchar", "uuid", "float", "double", "secretstr", "list", "dict", "map", "array",
          "unknown", "void", "never", "function", "charsequence", "optional", "secret", "password");

  /** Last words of names that describe a secret without holding one: token_type, passwordMinLength... */
  private static final Set<String> NOT_SECRET_ENDINGS = Set.of("s", "type", "types", "count", "url", "uri",
      "endpoint", "id", "ids", "name", "names", "file", "filename", "path", "length", "len", "size", "limit",
      "expiry", "expires", "at", "in", "ttl", "header", "prefix", "format", "kind", "policy", "version", "dir", "max",
      "min", "field", "label", "hint", "placeholder", "env", "var", "usage", "validator", "regex", "pattern",
      "provider", "source", "store", "storage", "location", "input", "param", "column", "prompt", "strength",
      "required", "enabled", "timeout", "rotation", "index", "budget", "manager", "ref", "reference", "encoder", "mode",
      "scope", "scopes", "lifetime", "window", "encoding", "charset", "algorithm", "algo", "digest", "cipher",
      "rounds", "iterations", "days", "hours", "minutes", "seconds", "secs", "ms", "millis", "weeks", "months",
      "years", "age", "interval", "period", "delay", "retries", "attempts", "bits", "reset", "change", "confirm",
      "confirmation", "check", "strategy", "method", "flow",
      "grant", "class", "handler", "service", "helper", "util", "utils", "factory", "generator", "parser",
      "request", "response", "error", "exception", "key_id", "keyid", "valid", "invalid", "expired", "set", "before",
      "after", "used", "total", "remaining", "left", "spent", "estimate", "estimated", "per", "cost", "rate");
  private static final Pattern WORD_BREAK = Pattern.compile("[_.-]+|(?<=[a-z0-9])(?=[A-Z])");

  /** Words just before a secret name that make it something else: max_tokens, csrf_token, public_key... */
  private static final Pattern NOT_SECRET_PREFIX = Pattern.compile(
      "(?i)(?<![a-z0-9])(?:max|num|input|output|total|csrf|xsrf|public|primary|foreign|sort|partition|cache|page|next|prev"
          + "|continuation|count|reasoning|prompt|completion|cached|has|is|no|show|hide|forgot|reset|new_?|confirm"
          + "|existing)"
          + "[_.-]?$");

  private static final Pattern JSON_NUMBER = Pattern.compile("-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?");
  /** The name of a constant or an environment variable: APP_SECRET_KEY. */
  private static final Pattern CONSTANT_NAME = Pattern.compile("[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)++");

  static List<PatternRule> rules() {
    SecretCheck structured = Assignments::structuredValue;
    return List.of(
        // name = value, name: value, "name": "value", name => value, name := value
        PatternRule.atKeywords(SecretKind.PASSWORD_ASSIGNMENT,
            "(?i)" + NAME + "([\\w.-]{0,30}+)\\\\?[\"'`]?[ \\t]*+(=>|:=|=(?!=)|:)[ \\t]*+" + VALUE, 3, structured,
            NAME_KEYWORDS),
        // typed: password: str = "...", const token: string = "..."
        PatternRule.atKeywords(SecretKind.PASSWORD_ASSIGNMENT,
            "(?i)" + NAME + "([\\w.-]{0,30}+)[ \\t]*+:[ \\t]*[A-Za-z_][\\w\\[\\]|., ]{0,40}?[ \\t]*(=)(?!=)[ \\t]*" + VALUE,
            3, structured, NAME_KEYWORDS),
        // command-line options of any tool: --password hunter2, --api-key=..., --http-password X, -storepass X
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT,
            "(?i)(?<![\\w-])--?((?:[a-z0-9]++-){0,3})(?:password|passwd|pass|passphrase|token|api-?key|secret"
                + "|storepass|keypass|bearer)(?:[ \\t]+|=)" + VALUE, 2,
            (secret, m, t) -> !Placeholders.isPlaceholder(secret) && !secret.startsWith("-")
                && !ProseValues.isFunctionWord(unquote(secret)) && !ProseValues.namesSomethingElse(unquote(secret))
                && !NOT_SECRET_PREFIX.matcher(m.group(1)).find(),
            "pass", "token", "api", "secret", "bearer"),
        // XML elements: <password>...</password>
        PatternRule.onLines(SecretKind.PASSWORD_ASSIGNMENT,
            "(?i)<(?:[\\w-]{0,30}:)?[\\w-]{0,30}?" + NAME + "([\\w-]{0,30}+)>([^<\\n]{1,512})</", 2,
            (secret, m, t) -> !Placeholders.isPlaceholder(secret) && !describesSecret(m.group(1)), NAME_KEYWORDS));
  }

  /** A value given to a secret name in code or configuration. */
  private static boolean structuredValue(String secret, MatchResult m, ScannedText t) {
    String name = t.text().substring(m.start(), m.start(1));
    if (describesSecret(m.group(1)) || continuesWord(m.group(1))) {
      return false;
    }
    if (secret.length() >= 2 && secret.charAt(0) == '\\' && "ntr".indexOf(secret.charAt(1)) >= 0) {
      return false; // an escaped line break: the value is on the next line
    }
    char previous = m.start() > 0 ? t.text().charAt(m.start() - 1) : ' ';
    if (previous == '/' || previous == '\\' || m.group(1).startsWith(".") && secret.chars().allMatch(Character::isDigit)) {
      return false; // a file: lib/token.ex:132
    }
    int nameStart = m.start();
    if (inParameterExpansion(t.text(), nameStart)) {
      return false; // ${DB_PASS:?missing}, ${TOKEN:-}: the shell's default or message, not a value
    }
    if (nameStart > 0 && "\"'`".indexOf(previous) >= 0 && m.end(2) == m.start(3) && secret.charAt(0) == previous
        && t.text().indexOf(previous, m.end(1)) >= m.start(2)) {
      // "password=" is itself a string in code, and the quote after it closes that string; a name whose own quote
      // closes before the ':' or '=' is a key ("password":"...", minified JSON) and the quote opens its value
      return false;
    }
    int from = Math.max(0, nameStart - BEFORE_NAME_CHARS);
    String before = t.text().substring(from, nameStart);
    if (NOT_SECRET_PREFIX.matcher(before).find()) {
      return false;
    }
    if (secret.startsWith("\\\"")) {
      secret = secret.substring(1, secret.length() - 2) + "\""; // quoted inside a JSON string
    }
    int escape = secret.indexOf('\\');
    if (escape > 0 && secret.charAt(0) != '"' && secret.charAt(0) != '\'' && escape + 1 < secret.length()
        && "ntr\"".indexOf(secret.charAt(escape + 1)) >= 0) {
      secret = secret.substring(0, escape); // the rest is the next line of a JSON-escaped text
    }
    secret = secret.replaceAll("[)\\]}>?!]+$", "");
    if (!m.group(2).equals("=") && JSON_NUMBER.matcher(secret).matches()) {
      return false; // a number in JSON or YAML
    }
    if (secret.isEmpty() || Placeholders.isPlaceholder(secret) || secret.chars().noneMatch(Character::isLetterOrDigit)
        || ")]};,".indexOf(secret.charAt(secret.length() > 1 && "\"'`".indexOf(secret.charAt(0)) >= 0 ? 1 : 0)) >= 0) {
      return false; // punctuation, or the end of one structure and the start of another: "pass:"}],
    }
    char q = secret.charAt(0);
    if (q == '"' || q == '\'' || q == '`') {
      return secret.length() > 2 && !CONSTANT_NAME.matcher(secret.substring(1, secret.length() - 1)).matches();
    }
    if (ProseValues.namesSomethingElse(secret) || TYPES.contains(secret.toLowerCase(Locale.ROOT))
        || !m.group(2).equals("=") && CONSTANT_NAME.matcher(secret).matches()) {
      return false;
    }
    if (secret.chars().allMatch(Character::isLetter)) {
      // A bare word: after ':' prose or a type; after '=' a variable in code, unless it is an
      // environment assignment.
      if (!m.group(2).equals("=")) {
        return false;
      }
      // An environment variable's value: DB_PASSWORD=letmein, upper-case name, nothing around the '='.
      String key = name + m.group(1);
      boolean tight = m.end(2) == m.start(3) && t.text().charAt(m.start(2) - 1) != ' ';
      return tight && key.equals(key.toUpperCase(Locale.ROOT));
    }
    return true;
  }

  /** True when the name ending at {@code nameStart}'s word is a shell parameter: {@code ${NAME...}}. */
  private static boolean inParameterExpansion(String text, int nameStart) {
    int i = nameStart;
    while (i > 0 && (Character.isLetterOrDigit(text.charAt(i - 1)) || text.charAt(i - 1) == '_')) {
      i--;
    }
    return i >= 2 && text.charAt(i - 1) == '{' && text.charAt(i - 2) == '$';
  }

  /**
   * True when the name's part after the secret word goes on with the same word: "izer" of {@code Tokenizer},
   * "ary" of {@code secretary}; not a plural, and not a second word ({@code _type}, {@code Key}, {@code key}).
   */
  private static boolean continuesWord(String suffix) {
    if (suffix.isEmpty() || !Character.isLowerCase(suffix.charAt(0)) || suffix.equals("s")) {
      return false;
    }
    for (String word : List.of("key", "token", "pass", "value", "str", "hash", "id", "s_")) {
      if (suffix.startsWith(word)) {
        return false;
      }
    }
    return true;
  }

  /** True when a name's part after the secret word ends in a word like "type" or "length". */
  private static boolean describesSecret(String suffix) {
    if (suffix.isEmpty()) {
      return false;
    }
    String[] words = WORD_BREAK.split(suffix);
    return words.length > 0 && NOT_SECRET_ENDINGS.contains(words[words.length - 1].toLowerCase(Locale.ROOT))
        || suffix.equals("s");
  }

  /** A value said in prose: not an ordinary word. */
  private static String unquote(String v) {
    return v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'') ? v.substring(1, v.length() - 1) : v;
  }
}
