package io.engram.redact;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Values said as a password in words that the shape checks of {@link ProseValues} pass over: a plain word after a
 * password's noun and its joiner ("the admin password is letmein", "wifi password: sunshine", "数据库密码是 sunshine",
 * "Das Passwort ist sonnenschein") and a value in a script without spaces ("密码：天王盖地虎123").
 *
 * <p>A plain word after "the password is" is as often a word about the password ("is required", "is wrong", "is
 * rotated") as the password itself. It is read as the value only after a password's own noun (password, passcode,
 * PIN, and their words in the languages below: not "token" or "key", whose "is" describes far more often), when it
 * ends the clause (a description goes on: "is in the vault"), and when it is not one of the words said of a password
 * or shaped as an adjective or participle (English "-ed", "-able", "-ing"..., and the same in the clause's language),
 * nor a type a field is declared with; and only in lower case (a capitalised word after "password:" names a type).
 * In Chinese, Japanese and Korean prose the word is the run of Latin letters after the joiner, and only the sentence's
 * own ending may follow it ("パスワードは sunshine です", "密码是 sunshine 吧"; not "密码是 bcrypt 加密的").
 */
final class StatedPasswords {
  private StatedPasswords() {}

  /**
   * A password's own noun, per language code, as the clause starts at it; a language not named here takes no plain
   * word as a value. Spanish "clave" and the words for key or token are left out: "la clave es ..." says what
   * matters.
   */
  private static final java.util.Map<String, Pattern> PASSWORD_NOUNS = java.util.Map.of(
      "en", Pattern.compile("(?i)pass(?:word|code)s?|passwd|pwd|pin(?:[ -]?code)?"),
      "de", Pattern.compile("(?iu)passw(?:o|ö)rt(?:er)?|kennw(?:o|ö)rt(?:er)?"),
      "fr", Pattern.compile("(?iu)mots? de passe|mot-de-passe|mdp"),
      "es", Pattern.compile("(?iu)contraseñas?|contrasena"),
      "zh", Pattern.compile("密码|密碼|口令"),
      "ja", Pattern.compile("パスワード"),
      "ko", Pattern.compile("비밀번호|비번|패스워드"));
  /** What may follow a password's value to the end of its sentence in Chinese, Japanese and Korean: its ending. */
  private static final java.util.Map<String, Pattern> SENTENCE_ENDINGS = java.util.Map.of(
      "zh", Pattern.compile("[吧呢啊了哦嘛呀]*"),
      "ja", Pattern.compile("(?:に変更(?:しました|した|する)?|です|でした|だ)?[よね]*"),
      "ko", Pattern.compile("(?:입니다|이에요|예요|이야|야)?"));
  /** What German, French and Spanish say of a password after its "is": the words and the shapes of adjectives. */
  private static final java.util.Map<String, Set<String>> SAID_IN = java.util.Map.of(
      "de", Set.of("falsch", "richtig", "korrekt", "ungültig", "gültig", "leer", "neu", "alt", "gleich", "dasselbe",
          "schwach", "stark", "sicher", "unsicher", "geheim", "bekannt", "unbekannt", "nötig", "optional", "hier",
          "dort", "weg", "jetzt", "noch", "schon", "auch", "einfach", "kurz", "lang", "egal", "okay", "gut",
          "schlecht", "anders", "zufällig", "abgelaufen", "vergessen", "verloren"),
      "fr", Set.of("faux", "fausse", "vide", "nouveau", "nouvelle", "ancien", "ancienne", "requis", "requise",
          "obligatoire", "facultatif", "facultative", "valide", "invalide", "simple", "faible", "fort", "forte", "sûr",
          "sûre", "secret", "secrète", "inconnu", "inconnue", "connu", "connue", "identique", "ici", "bon", "bonne",
          "mauvais", "mauvaise", "aussi", "toujours", "encore", "maintenant", "perdu", "oublié", "correct",
          "incorrect"),
      "es", Set.of("incorrecta", "incorrecto", "correcta", "correcto", "vacía", "vacío", "nueva", "nuevo", "vieja",
          "viejo", "obligatoria", "opcional", "válida", "inválida", "segura", "insegura", "débil", "fuerte", "secreta",
          "igual", "misma", "diferente", "aquí", "allí", "esta", "esa", "otra", "también", "todavía", "ahora",
          "simple", "fácil", "difícil", "larga", "corta", "buena", "mala"));
  private static final java.util.Map<String, Pattern> SAID_SHAPE_IN = java.util.Map.of(
      "de", Pattern.compile("(?u).*(?:ig|lich|isch|bar|los|sam|haft|end|iert|ert|elt|zt|st|tet)|ge\\p{L}+(?:t|en)"),
      "fr", Pattern.compile("(?u).*(?:é|ée|és|ées|able|ible|eux|euse|if|ive|ant|ante|ent|ente|aire|ique|el|elle)"),
      "es", Pattern.compile("(?u).*(?:ada|ado|adas|ados|ida|ido|able|ible|osa|oso|ante|ente|iva|ivo|al|ica|ico)"));
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
   * is a plain word said as the password's value.
   */
  static boolean isStatedWord(ProseClause clause, int nounStart, String token, int tokenEnd, int clauseEnd) {
    String text = clause.text();
    String code = clause.l().code();
    Pattern noun = PASSWORD_NOUNS.get(code);
    if (noun == null || token.length() < SHORTEST_WORD || !ProseValues.isOrdinaryWord(token)
        || !noun.matcher(text).region(nounStart, text.length()).lookingAt()) {
      return false;
    }
    int next = ProseWords.skipSpaces(text, trailing(text, tokenEnd, clauseEnd), clauseEnd);
    if (clause.l().cjk()) {
      // only the sentence's own ending may follow ("は sunshine です", "是 sunshine 吧"): what else goes on says what the
      // word is about ("是 bcrypt 加密的", "は bcrypt でハッシュ化")
      Pattern ending = SENTENCE_ENDINGS.get(code);
      java.util.regex.Matcher m = ending.matcher(text).region(next, clauseEnd);
      if (next < clauseEnd && (!m.lookingAt() || ProseWords.skipSpaces(text, trailing(text, m.end(), clauseEnd),
          clauseEnd) < clauseEnd)) {
        return false;
      }
    } else if (next < clauseEnd) {
      return false; // the clause goes on: "is rotated every week", "is kept in the vault"
    }
    String lower = token.toLowerCase(Locale.ROOT);
    // lower case only: a capitalised word after "password:" is a type (String, SecretStr, Optional), not a value
    boolean plain = clause.l().cjk() || code.equals("en") ? token.chars().allMatch(c -> c >= 'a' && c <= 'z')
        : token.chars().allMatch(Character::isLowerCase);
    return plain && !clause.l().stops().contains(lower) && !ProseValues.isFunctionWord(lower)
        && !SAID_OF_A_PASSWORD.contains(lower) && !PREDICATE_SHAPE.matcher(lower).matches()
        && !SAID_IN.getOrDefault(code, Set.of()).contains(lower)
        && !(SAID_SHAPE_IN.containsKey(code) && SAID_SHAPE_IN.get(code).matcher(lower).matches());
  }

  /** Past the punctuation at {@code i} that ends a word or a sentence. */
  private static int trailing(String text, int i, int end) {
    while (i < end && ".,;:!?)\"'`”’。！？".indexOf(text.charAt(i)) >= 0) {
      i++;
    }
    return i;
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
  private static int firstColon(String v) {
    int full = v.indexOf('：');
    int ascii = v.indexOf(':');
    return full < 0 ? ascii : ascii < 0 ? full : Math.min(full, ascii);
  }

  static void unspacedValue(ProseClause clause, int from, int end, boolean alone) {
    String text = clause.text();
    int runEnd = ProseWords.tokenEnd(text, from, end);
    if (runEnd <= from) {
      return;
    }
    String v = ProseValues.stripTrailing(text.substring(from, runEnd));
    int colon = firstColon(v);
    if (colon > 0 && colon < v.length() - 1 && !v.contains("://")) {
      // "密码 放在这：VALUE": words, a colon and the value after it, not one value in the script; only that is taken
      // (to a quote, a backslash or a comma, as JSON-escaped text ends it), and the colon states it, so it need not
      // end its clause
      int valueEnd = colon + 1;
      while (valueEnd < v.length() && "\"'\\,;，；`".indexOf(v.charAt(valueEnd)) < 0) {
        valueEnd++;
      }
      String after = ProseValues.stripTrailing(v.substring(colon + 1, valueEnd));
      if (ProseValues.looksLikePassword(after) || ProseValues.looksLikeKey(after) || isUnspacedValue(after)) {
        clause.emit(from + colon + 1, from + colon + 1 + after.length());
      }
      return;
    }
    if (alone && ProseWords.skipSpaces(text, runEnd, end) < end) {
      return;
    }
    if (isUnspacedValue(v)) {
      clause.emit(from, from + v.length());
    }
  }
}
