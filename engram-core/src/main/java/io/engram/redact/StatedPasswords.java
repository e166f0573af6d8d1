package io.engram.redact;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Values said as a password in words that the shape checks of {@link ProseValues} pass over: a plain word after a
 * password's noun and its joiner ("the admin password is letmein", "wifi password: sunshine") and a value in a script
 * without spaces ("密码：天王盖地虎123").
 *
 * <p>A plain word after "the password is" is as often a word about the password ("is required", "is wrong", "is
 * rotated") as the password itself. It is read as the value only after a password's own noun (password, passcode,
 * PIN: not "token" or "key", whose "is" describes far more often), when it ends the clause (a description goes on:
 * "is in the vault"), and when it is not one of the words said of a password or shaped as an English adjective or
 * participle ("-ed", "-able", "-ing"...), nor a type a field is declared with; and only in lower case (a capitalised
 * word after "password:" names a type).
 */
final class StatedPasswords {
  private StatedPasswords() {}

  /** A password's own noun, as the clause starts at it. */
  private static final Pattern PASSWORD_NOUN = Pattern.compile("(?i)pass(?:word|code)s?|passwd|pwd|pin(?:[ -]?code)?");
  /** The endings of English adjectives and participles: what "the password is ..." says about a password. */
  private static final Pattern PREDICATE_SHAPE = Pattern.compile(
      "(?i).*(?:ed|en|ing|able|ible|al|ful|less|ous|ive|ic|ent|ant|ly|ure|ary|ory|ish)");
  /** Words said of a password after "is" that the shapes above miss. */
  private static final Set<String> SAID_OF_A_PASSWORD = Set.of("correct", "wrong", "weak", "strong", "short",
      "long", "fine", "good", "bad", "valid", "new", "old", "same", "empty", "blank", "secret", "unknown", "simple",
      "easy", "hard", "obvious", "public", "private", "none", "null", "nil", "random", "unique", "right", "okay",
      "set", "unset", "reset", "default", "needed", "known", "safe", "unsafe", "insecure", "secure", "ready",
      "there", "here", "gone", "lost", "mine", "yours", "ours", "theirs", "what", "where", "which", "case",
      "optional", "true", "false", "auto", "shown", "hidden", "plain", "clear", "weird", "odd", "fake", "real",
      "just", "also", "still", "now", "then", "too", "back", "done", "over", "off", "out", "up", "down", "it", "that",
      "this", "exactly", "below", "above", "next", "last", "first", "second", "free", "open", "closed", "cool",
      "great", "nice", "ugly", "broken", "stale", "invalid", "expired", "changed", "visible", "stupid", "dumb",
      // types a field is declared with: "password: string"
      "string", "text", "number", "bool", "boolean", "integer", "bytes", "object", "varchar", "char", "array",
      "undefined", "masked", "redacted", "omitted", "sensitive");
  // A plain word said as a password is taken from four letters on: shorter ones after "password is" are nearly all
  // words about it ("set", "new", "old"), and a three-letter password is no secret worth a false positive.
  private static final int SHORTEST_WORD = 4;
  // The same floor for a value set off after 密码 with no space: a run of fewer characters is a word of the sentence
  // (密码：见 ...), not a password.
  private static final int SHORTEST_UNSPACED = 4;

  /**
   * True when {@code token}, right after the joiner of the noun at {@code nounStart} and ending at {@code tokenEnd},
   * is a plain English word said as the password's value.
   */
  static boolean isStatedWord(ProseClause clause, int nounStart, String token, int tokenEnd, int clauseEnd) {
    String text = clause.text();
    if (!clause.l().code().equals("en") || token.length() < SHORTEST_WORD || !ProseValues.isOrdinaryWord(token)
        || !PASSWORD_NOUN.matcher(text).region(nounStart, text.length()).lookingAt()) {
      return false;
    }
    int after = tokenEnd;
    while (after < clauseEnd && ".,;:!?)\"'`”’".indexOf(text.charAt(after)) >= 0) {
      after++;
    }
    if (ProseWords.skipSpaces(text, after, clauseEnd) < clauseEnd) {
      return false; // the clause goes on: "is rotated every week", "is kept in the vault"
    }
    String lower = token.toLowerCase(Locale.ROOT);
    // lower case only: a capitalised word after "password:" is a type (String, SecretStr, Optional), not a value
    return token.chars().allMatch(c -> c >= 'a' && c <= 'z') && !clause.l().stops().contains(lower)
        && !ProseValues.isFunctionWord(lower) && !SAID_OF_A_PASSWORD.contains(lower)
        && !PREDICATE_SHAPE.matcher(lower).matches();
  }

  /**
   * True when {@code v}, said after "密码：" or set off after its noun, is a value in a script without spaces: at
   * least 4 characters mixing that script with letters or digits of another (天王盖地虎123), not an aside in brackets
   * or quotes, and not where a secret is kept (1Password里).
   */
  static boolean isUnspacedValue(String v) {
    if (v.length() < SHORTEST_UNSPACED || "（(【[<《「『\"'“‘".indexOf(v.charAt(0)) >= 0
        || "里中上内裡".indexOf(v.charAt(v.length() - 1)) >= 0 || v.contains("://")) {
      return false;
    }
    boolean unspaced = false;
    boolean other = false;
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      unspaced |= ProseSecrets.isUnspacedScript(c);
      other |= !ProseSecrets.isUnspacedScript(c) && Character.isLetterOrDigit(c);
    }
    return unspaced && other;
  }

  /**
   * A value in a script without spaces at {@code from}, up to the next space or the clause's end at {@code end},
   * when {@link #isUnspacedValue} takes it; when {@code alone}, only one that ends its clause.
   */
  static void unspacedValue(ProseClause clause, int from, int end, boolean alone) {
    String text = clause.text();
    int runEnd = ProseWords.tokenEnd(text, from, end);
    if (runEnd <= from || alone && ProseWords.skipSpaces(text, runEnd, end) < end) {
      return;
    }
    String v = ProseValues.stripTrailing(text.substring(from, runEnd));
    if (isUnspacedValue(v)) {
      clause.emit(from, from + v.length());
    }
  }
}
