package io.engram.redact;

import io.engram.redact.ProseLanguages.Language;
import java.util.List;
import java.util.Locale;

/**
 * One clause of a text read from a secret's noun or a login word on, in one language of {@link ProseLanguages}.
 *
 * <p>From a noun, the clause is read word by word: up to {@link #MAX_GAP} words that qualify the noun ("for the
 * staging box"), then a joiner ("is", "lautet", "—", "是", "は"), then the value: a quoted span, or the first word
 * that {@link ProseValues#couldBeSecret could be the secret}; ordinary words between the joiner and the value are
 * passed over ("is now X", "use config X") as long as none ends the search (an article or preposition: "is in the
 * vault"), and a value found past them must {@link ProseValues#looksLikePassword look like a password}. A noun
 * followed at once (or after a prepositional phrase) by such a password needs no joiner ("with password X"). A
 * word that describes the noun ("password policy", "token count") ends the search at once. From a login word, the
 * clause holds "admin / VALUE".
 */
record ProseClause(String text, ClauseEnds ends, Language l, int priority, List<Finding> out) {
  /** How many words may stand between a noun and its joiner. */
  static final int MAX_GAP = 8;
  /** How many ordinary words may stand between a joiner and its value. */
  private static final int MAX_SKIPPED = 3;
  /** How many characters may qualify a noun in a language written without spaces ("密码我设成了"). */
  private static final int MAX_QUALIFIER = 16;

  /** What kind of value a noun takes. */
  enum Sort { SECRET, PIN, PHRASE }

  void afterNoun(int nounStart, int nounEnd, Sort sort) {
    int end = ends.after(nounEnd);
    int i = nounEnd;
    int gap = 0;
    boolean prepositional = false;
    boolean weak = l.weak().matcher(text.substring(nounStart, nounEnd)).matches();
    if (!l.cjk() && (text.startsWith("'s ", nounEnd) || text.startsWith("’s ", nounEnd))) {
      return; // the secret's name, the password's hash: something of the secret, not the secret
    }
    while (true) {
      int spaced = skipSpaces(i, end);
      if (spaced >= end) {
        return;
      }
      int joined = joinerAt(spaced, end);
      if (joined >= 0) {
        if (!weak) {
          int before = out.size();
          value(nounStart, joined, end, sort, false);
          if (out.size() == before) {
            new ProseAfterValue(this).appositive(end);
          } else {
            new ProseAfterValue(this).contrasted(out.get(out.size() - 1).end(), end, sort);
          }
        } else if (gap == 0) {
          // "pass" is a verb as often as a noun: after "is" its value must look like a password ("the pass is X")
          value(nounStart, joined, end, sort, Character.isLetter(text.charAt(joined - 1)));
        }
        return;
      }
      if (weak) {
        return; // "pass" is a verb as often as a noun: only "pass = X" and "pass: X" are read
      }
      if (l.cjk()) {
        if (spaced > i && sort != Sort.PHRASE) {
          int runEnd = asciiRun(spaced, end);
          String v = runEnd < 0 ? "" : ProseValues.stripTrailing(text.substring(spaced, runEnd));
          // a value set off by spaces that ends its clause stands alone: "SMTP 授权码 hxqkzmwpbvtnrlsd，", "wifi 密码
          // 12345678"; digits alone are a PIN's shape (not one digit repeated)
          boolean alone = runEnd >= 0 && skipSpaces(runEnd, end) >= end;
          if (ProseValues.looksLikePassword(v) || alone && (v.length() >= 8 && ProseValues.couldBeSecret(v)
              || ProseWords.isPin(v))) {
            emit(spaced, spaced + v.length());
          } else if (runEnd == spaced) {
            StatedPasswords.unspacedValue(this, spaced, end, true); // "wifi 密码 天王盖地虎123"
          }
        } else if (gap++ == 0) {
          int past = pastQualifiers(spaced, end);
          if (past > spaced) {
            i = past; // "密码我设成了 X", "用户名和密码都是 X", "临时密码（用完就改）：X"
            continue;
          }
        }
        return;
      }
      int tokenEnd = tokenEnd(spaced, end);
      if (tokenEnd < 0) {
        return;
      }
      int quote = ProseWords.OPENING.indexOf(text.charAt(spaced));
      if (gap == 0 && quote >= 0 && quotedWord(spaced, ProseWords.CLOSING.charAt(quote))) {
        return; // user "alice" password "X", as fetchmail writes it
      }
      String token = ProseValues.stripTrailing(text.substring(spaced, tokenEnd));
      int fullColon = token.indexOf('：');
      if (fullColon >= 0 && fullColon < token.length() - 1 && Character.isLetterOrDigit(token.charAt(fullColon + 1))) {
        // "Token 放在这：X", "token：X": Chinese words and a full-width colon, no space before the value; a value
        // that must look like a password on its own (quoted code after it, "数量：`max_tokens=128`", is not read)
        value(nounStart, spaced + fullColon + 1, end, sort, true);
        return;
      }
      String lower = token.toLowerCase(Locale.ROOT);
      if (gap == 0 && l.describing().contains(lower)) {
        return;
      }
      if (gap == 0 && sort == Sort.PIN && ProseWords.isPin(token)) {
        emit(spaced, spaced + token.length()); // "use PIN 582914"
        return;
      }
      if ((gap == 0 || prepositional && gap <= 3)
          && (ProseValues.looksLikePassword(token) || ProseValues.looksLikeKey(token))) {
        emit(spaced, spaced + token.length());
        return;
      }
      if (ProseWords.isCode(token)) {
        return; // "token === undefined) return res.status(401)": code, not a clause
      }
      prepositional |= gap == 0 && l.prepositions().contains(lower);
      if (++gap > MAX_GAP) {
        return;
      }
      char last = text.charAt(tokenEnd - 1);
      if (last == ':' || last == '：') {
        value(nounStart, tokenEnd, end, sort, false); // "API key for the weather service: VALUE"
        return;
      }
      i = tokenEnd;
    }
  }

  /**
   * The value after a joiner ending at {@code from}: quoted, a passphrase, a PIN, or the first likely word; when
   * {@code strict}, only a word right after the joiner that looks like a password.
   */
  private void value(int nounStart, int from, int end, Sort sort, boolean strict) {
    int i = from;
    int skipped = 0;
    while (skipped <= MAX_SKIPPED) {
      i = skipSpaces(i, end);
      int joined = joinerAt(i, end);
      if (joined > i) {
        i = joined;
        continue;
      }
      if (i >= end) {
        return;
      }
      int escaped = text.charAt(i) == '\\' && i + 1 < end ? 1 : 0; // \" in JSON-escaped text
      int quote = ProseWords.OPENING.indexOf(text.charAt(i + escaped));
      if (quote >= 0) {
        quoted(nounStart, i + escaped, ProseWords.CLOSING.charAt(quote), escaped == 1);
        return;
      }
      if (l.cjk() && skipped == 0 && ProseSecrets.isUnspacedScript(text.charAt(i))
          && ":：".indexOf(joinedBefore(from)) >= 0) {
        StatedPasswords.unspacedValue(this, i, end, false); // "密码：天王盖地虎123": the value in the script itself
        return;
      }
      int tokenEnd = l.cjk() ? asciiRun(i, end) : tokenEnd(i, end);
      if (tokenEnd <= i) {
        return;
      }
      String token = ProseValues.stripTrailing(text.substring(i, tokenEnd));
      if (token.isEmpty()) {
        return;
      }
      if (sort == Sort.PHRASE && new ProseAfterValue(this).phrase(i, end)) {
        return;
      }
      if (strict) {
        if (ProseValues.looksLikePassword(token)) {
          emit(i, i + token.length());
        }
        return;
      }
      if (sort == Sort.PIN && token.chars().allMatch(Character::isDigit) && token.length() >= ProseWords.SHORTEST_PIN
          && token.length() <= ProseWords.LONGEST_PIN) {
        emit(i, i + token.length());
        return;
      }
      boolean found = skipped == 0 ? ProseValues.couldBeSecret(token) : ProseValues.looksLikePassword(token);
      if (found && l.cjk() && l.places().matcher(text).region(tokenEnd, end).lookingAt()) {
        return; // "パスワードは1Passwordに保存": where it is kept, not what it is
      }
      if (found) {
        emit(i, i + token.length());
        return;
      }
      if (skipped == 0 && joinedBefore(from) != '=' && !Placeholders.isPlaceholder(token)
          && StatedPasswords.isStatedWord(this, nounStart, token, i + token.length(), end)) {
        emit(i, i + token.length()); // "the admin password is letmein": a word said as a password's value
        return;
      }
      String lower = token.toLowerCase(Locale.ROOT);
      if (!ProseValues.isOrdinaryWord(token) || l.stops().contains(lower)
          || stopsOfTheNoun(nounStart).contains(lower)) {
        return;
      }
      skipped++;
      i = tokenEnd;
    }
  }

  private void quoted(int nounStart, int open, char close, boolean escaped) {
    int to = ProseWords.closing(text, open, close);
    if (escaped && to > 0 && text.charAt(to - 1) == '\\') {
      to--;
    }
    if (to < 0 || to - open - 1 < 3) {
      return;
    }
    // "password=" inside a string literal of code: the quote after the joiner closes the one before the noun
    if (nounStart > 0 && text.charAt(nounStart - 1) == text.charAt(open) && open > 0 && text.charAt(open - 1) != ' ') {
      return;
    }
    String inner = text.substring(open + 1, to).strip();
    if (!inner.isEmpty() && ")]};,".indexOf(inner.charAt(0)) < 0 && inner.chars().anyMatch(Character::isLetterOrDigit)
        && !Placeholders.isPlaceholder(inner) && !ProseValues.readsAsSomethingElse(inner)) {
      int start = open + 1 + text.substring(open + 1, to).indexOf(inner);
      emit(start, start + inner.length());
    }
  }

  /** A quoted word right after the noun, with no joiner, when it is one word that could be the secret. */
  private boolean quotedWord(int open, char close) {
    int to = ProseWords.closing(text, open, close);
    String inner = to > open + 1 ? text.substring(open + 1, to) : "";
    if (inner.isEmpty() || inner.chars().anyMatch(Character::isWhitespace) || !ProseValues.couldBeSecret(inner)
        || Placeholders.isPlaceholder(inner)) {
      return false;
    }
    emit(open + 1, to);
    return true;
  }

  /**
   * The stop words of every language that has the noun at {@code nounStart}: "password" is English and Italian, and
   * English text read with the Italian words must still stop at "the".
   */
  private java.util.Set<String> stopsOfTheNoun(int nounStart) {
    if (l.cjk()) {
      return java.util.Set.of();
    }
    java.util.Set<String> stops = new java.util.HashSet<>();
    for (Language other : ProseLanguages.ALL) {
      if (other != l && !other.cjk() && other.nouns().matcher(text).region(nounStart, text.length()).lookingAt()) {
        stops.addAll(other.stops());
      }
    }
    return stops;
  }

  /**
   * Past the words that qualify a noun in a language written without spaces, up to a joiner: at most {@link
   * #MAX_QUALIFIER} characters of that script, and an aside in brackets.
   */
  private int pastQualifiers(int from, int end) {
    int i = from;
    while (i < end && i - from < MAX_QUALIFIER && joinerAt(i, end) < 0) {
      char c = text.charAt(i);
      if (c == '（' || c == '(') {
        char closing = c == '（' ? '）' : ')';
        int close = i + 1;
        while (close < end && close - i <= MAX_QUALIFIER && text.charAt(close) != closing) {
          close++;
        }
        if (close >= end || text.charAt(close) != closing) {
          return from;
        }
        i = close + 1;
      } else if (ProseSecrets.isUnspacedScript(c)) {
        i++;
      } else {
        return from;
      }
    }
    return i < end && joinerAt(i, end) >= 0 ? i : from;
  }

  private int joinerAt(int i, int end) {
    return ProseWords.joinerAt(text, l, i, end);
  }

  private int skipSpaces(int i, int end) {
    return ProseWords.skipSpaces(text, i, end);
  }

  private int tokenEnd(int i, int end) {
    return ProseWords.tokenEnd(text, i, end);
  }

  private int asciiRun(int i, int end) {
    return ProseWords.asciiRun(text, i, end);
  }

  /**
   * The last character of the joiner ending at {@code joined}: a word is said in words after "is" or ":", while
   * after "=" it is code or configuration, where a bare word is a default or a variable ({@code password=admin}).
   */
  private char joinedBefore(int joined) {
    int k = joined;
    while (k > 0 && Character.isWhitespace(text.charAt(k - 1))) {
      k--;
    }
    return k > 0 ? text.charAt(k - 1) : ' ';
  }

  /**
   * A value found from {@code start} to {@code end}: an ASCII {@code !} right after it belongs to it ("hunter2Secret!"
   * stripped of its sentence's punctuation to be judged, but "!" ends a password far more often than an English
   * sentence of a note), so the marker takes it too; a period, comma or closing quote stays outside.
   */
  void emit(int start, int end) {
    while (end > start && end < text.length() && text.charAt(end) == '!') {
      end++;
    }
    if (end > start && !text.substring(start, end).contains("[REDACTED")) {
      out.add(new Finding(start, end, SecretKind.PASSWORD_ASSIGNMENT, priority));
    }
  }
}
