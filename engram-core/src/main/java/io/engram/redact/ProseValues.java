package io.engram.redact;

import java.util.regex.Pattern;

/**
 * Whether a word said next to a secret's name is the secret: the checks the prose and command-line detectors share.
 * A value right after a joiner ("the password is X") is a secret unless it reads as something else ({@link
 * #couldBeSecret}); one found further away, past other words or with no joiner at all ("with password X"), must
 * also look like a password ({@link #looksLikePassword}).
 */
final class ProseValues {
  // Prose's words are short: a run of letters longer than 12 may be a passphrase and is read as a value.
  static final int LONGEST_ORDINARY_WORD = 12;
  // A token's random part after its type's dot ("hvs.CAES...") runs to 12 characters or more; a shorter one is a
  // field's name (config.password).
  private static final int SHORTEST_RANDOM_PART = 12;
  // A password is 6 characters or more: what the common password policies ask at least.
  private static final int SHORTEST_PASSWORD = 6;
  // Past 128 characters a run without spaces is a blob or encoded data, not a password.
  private static final int LONGEST_PASSWORD = 128;
  // A random key is 16 characters or more: 64 bits in hexadecimal, the least a key is made of.
  private static final int SHORTEST_KEY = 16;
  // Past 200 characters a run of letters and digits is encoded data (a certificate, an image), not a key.
  private static final int LONGEST_KEY = 200;
  // Random text's spread: 99 in 100 strings of 16 random letters and digits reach 3.3 bits a character (their mean
  // is 3.8), which most words and identifiers of that length do not (databaseConnection 3.3, SecretKeyFactory 3.2).
  private static final double RANDOM_KEY_BITS = 3.3;
  // The longest secret's name read ("aws_secret_access_key" and its kin are far shorter): bounds the pattern's work.
  private static final int LONGEST_SECRET_NAME = 80;
  private ProseValues() {}

  private static final Pattern CALL_OR_INDEX = Pattern.compile("^[\\w.$:]+[(\\[]|^\\(");
  private static final Pattern DOTTED_REFERENCE = Pattern.compile("[A-Za-z_$][\\w$]*+(?:\\.[A-Za-z_$][\\w$]*+)++");
  private static final Pattern EMAIL = Pattern.compile("[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+");
  /** A number, a version, a size or a duration: 12, 2.14.0, 200k, 90d, 3600s, 1.08. */
  private static final Pattern QUANTITY = Pattern.compile("[<>~=]?v?\\d[\\d.,:]*+(?:[a-zA-Z%]{0,3})");
  /** A ticket or issue id: OPS-4412, JIRA-12. */
  private static final Pattern TICKET = Pattern.compile("[A-Z][A-Z0-9]++-\\d++");
  /** Characters of code around a word, not of a password said alone: quotes, brackets, separators. */
  private static final Pattern CODE = Pattern.compile("[\"'`()\\[\\]{}<>;=]|^[.,:/]");
  /** A YAML tag in place of a value: {@code !vault}, {@code !Ref}. */
  private static final Pattern YAML_TAG = Pattern.compile("![A-Za-z][\\w.:-]*+");
  private static final Pattern SECRET_NAME = Pattern.compile(
      "(?i).*(?:passw(?:or)?d|passphrase|secret|token|psk|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key"
          + "|credentials?|_auth|[_.-]pass|pwd)");

  /** English words that a value never is: after an option or a keyword, they show the text is prose. */
  private static final java.util.Set<String> FUNCTION_WORDS = java.util.Set.of("a", "an", "the", "is", "are", "was",
      "were", "to", "and", "or", "of", "for", "with", "in", "on", "at", "by", "as", "if", "it", "be", "not", "no",
      "flag", "flags", "option", "options", "prompt", "prompts", "argument", "switch", "parameter", "value", "here",
      "there", "this", "that", "then", "so", "but", "from", "only", "will", "can", "may", "must", "means", "asks",
      "without", "instead", "comes", "goes", "file", "field");

  /** True when {@code v} is one of the English function words a value never is ("-a is deprecated"). */
  static boolean isFunctionWord(String v) {
    return FUNCTION_WORDS.contains(v.toLowerCase(java.util.Locale.ROOT));
  }

  /** {@code v} without the punctuation a sentence puts after a word. */
  static String stripTrailing(String v) {
    int end = v.length();
    // a backslash too: the escape of a quote that closed the value in JSON-escaped text ({@code \\"Token X\\"})
    while (end > 0 && ".,;:!?)]}>»」』”’\"'`。，；：！？、\\".indexOf(v.charAt(end - 1)) >= 0) {
      end--;
    }
    return v.substring(0, end);
  }

  /** One word of letters (any script, with {@code -} or {@code '}), at most 12 long: prose, not a secret. */
  static boolean isOrdinaryWord(String v) {
    if (v.isEmpty() || v.length() > LONGEST_ORDINARY_WORD) {
      return false;
    }
    return v.chars().allMatch(c -> Character.isLetter(c) || c == '-' || c == '\'' || c == '’');
  }

  /**
   * A reference such as {@code process.env.TOKEN} or {@code config.password}; not a token whose type prefix is
   * followed by a dot and a long random part ({@code hvs.CAES...}, {@code s.Vt0ken...}).
   */
  private static boolean isDottedReference(String v) {
    if (!DOTTED_REFERENCE.matcher(v).matches()) {
      return false;
    }
    int dot = v.indexOf('.');
    return v.indexOf('.', dot + 1) >= 0 || v.length() - dot - 1 < SHORTEST_RANDOM_PART || !looksLikePassword(v.substring(dot + 1));
  }

  /** A value that stands for another: a placeholder, a call, a reference to a variable, a URL, a path. */
  static boolean namesSomethingElse(String v) {
    return Placeholders.isPlaceholder(v) || CALL_OR_INDEX.matcher(v).find() || isDottedReference(v) || v.startsWith("&") || v.contains("://") || looksLikePath(v) || YAML_TAG.matcher(v).matches();
  }

  /** A word of prose that is something else: what {@link #namesSomethingElse} says, an address, a quantity, a ticket. */
  static boolean readsAsSomethingElse(String v) {
    return namesSomethingElse(v) || EMAIL.matcher(v).matches() || QUANTITY.matcher(v).matches()
        || TICKET.matcher(v).matches();
  }

  /** True when {@code v}, said right after "is" or ":", could be the secret itself. */
  static boolean couldBeSecret(String v) {
    return v.length() >= 4 && ")]};,".indexOf(v.charAt(0)) < 0 && !isOrdinaryWord(v) && !readsAsSomethingElse(v);
  }

  /**
   * True when {@code v} looks like a password on its own: 6 to 128 characters without spaces, three of lower-case,
   * upper-case, digits and symbols ({@code - _ .} not counted: identifiers and model names have them), none of
   * the quotes, brackets and separators code is written with, and nothing {@link #readsAsSomethingElse} says it is.
   */
  static boolean looksLikePassword(String v) {
    if (v.length() < SHORTEST_PASSWORD || v.length() > LONGEST_PASSWORD || readsAsSomethingElse(v) || CODE.matcher(v).find()) {
      return false;
    }
    boolean lower = false;
    boolean upper = false;
    boolean digit = false;
    boolean symbol = false;
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (Character.isWhitespace(c)) {
        return false;
      }
      lower |= Character.isLowerCase(c);
      upper |= Character.isUpperCase(c);
      digit |= Character.isDigit(c);
      symbol |= !Character.isLetterOrDigit(c) && c != '-' && c != '_' && c != '.';
    }
    return (lower ? 1 : 0) + (upper ? 1 : 0) + (digit ? 1 : 0) + (symbol ? 1 : 0) >= 3;
  }

  /**
   * True when {@code v} looks like a random key on its own: 16 to 200 letters and digits, both, spread as random
   * text's are ({@link Entropy} of 3.3 bits a character), and nothing {@link #readsAsSomethingElse} says it is: a
   * key in hexadecimal ({@code 0x4c08...}), which {@link #looksLikePassword} does not take, having one case.
   */
  static boolean looksLikeKey(String v) {
    String body = v.startsWith("0x") ? v.substring(2) : v;
    return body.length() >= SHORTEST_KEY && body.length() <= LONGEST_KEY && body.chars().allMatch(Character::isLetterOrDigit)
        && body.chars().anyMatch(Character::isDigit) && body.chars().anyMatch(Character::isLetter)
        && Entropy.of(body) >= RANDOM_KEY_BITS && !readsAsSomethingElse(v);
  }

  /** True when {@code word} is the name of a secret: {@code aws_secret_access_key}, {@code _authToken}, {@code psk}. */
  static boolean namesSecret(String word) {
    return word.length() <= LONGEST_SECRET_NAME && SECRET_NAME.matcher(word).matches();
  }

  /** A path: it starts with a slash, dot or tilde and slash, or one of its slash-separated parts is a lower-case word. */
  static boolean looksLikePath(String t) {
    if (t.startsWith("/") || t.startsWith("./") || t.startsWith("../") || t.startsWith("~/")) {
      return true;
    }
    if (t.indexOf('/') < 0 && t.indexOf('\\') < 0) {
      return false;
    }
    for (String part : t.split("[/\\\\]")) {
      if (part.length() >= 3 && part.chars().allMatch(c -> (c >= 'a' && c <= 'z') || c == '-' || c == '_')) {
        return true;
      }
    }
    return false;
  }
}
