package io.engram.redact;

import io.engram.redact.ProseLanguages.Language;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;

/**
 * Secrets said in prose, in every language of {@link ProseLanguages}: "the root password for the staging box is X",
 * "wifi key is X", "Das Kennwort lautet X", "le mot de passe root du serveur est X", "пароль от базы X", "密码是X",
 * "パスワードはXです", "비밀번호는 X입니다", a passphrase of several words, and "login: admin / X".
 *
 * <p>From a noun, the clause is read word by word: up to {@link #MAX_GAP} words that qualify the noun ("for the
 * staging box"), then a joiner ("is", "lautet", "—", "是", "は"), then the value: a quoted span, or the first word
 * that {@link ProseValues#couldBeSecret could be the secret}; ordinary words between the joiner and the value are
 * passed over ("is now X", "use config X") as long as none ends the search (an article or preposition: "is in the
 * vault"), and a value found past them must {@link ProseValues#looksLikePassword look like a password}. A noun
 * followed at once (or after a prepositional phrase) by such a password needs no joiner ("with password X"). A
 * word that describes the noun ("password policy", "token count") ends the search at once.
 */
final class ProseSecrets implements Detector {
  /** How many words may stand between a noun and its joiner. */
  static final int MAX_GAP = 8;
  /** How many ordinary words may stand between a joiner and its value. */
  private static final int MAX_SKIPPED = 3;
  /** The longest word read as a gap word or a value: a longer run of text without a space is no prose. */
  private static final int MAX_TOKEN = 130;
  /** How many words a passphrase may have. */
  private static final int MAX_PHRASE_WORDS = 10;
  /** Joiners of every language: "password -> X". */
  private static final List<String> ARROWS = List.of("->", "=>", "→", "⇒");
  /** Words that set a second value against the first: "not X but Y". */
  private static final List<String> CONTRASTS = List.of("ではなく", "じゃなくて", "じゃなく", "而是", "아니라", "아니고", "but");
  private static final String OPENING = "\"'`“‘«„「『‹";
  private static final String CLOSING = "\"'`”’»“」』›";

  private final List<String> keywords;

  ProseSecrets() {
    List<String> all = new ArrayList<>();
    for (Language l : ProseLanguages.ALL) {
      l.keywords().forEach(k -> add(all, k));
      l.loginKeywords().forEach(k -> add(all, k));
    }
    this.keywords = List.copyOf(all);
  }

  private static void add(List<String> all, String k) {
    String lower = k.toLowerCase(Locale.ROOT);
    if (!all.contains(lower)) {
      all.add(lower);
    }
  }

  @Override
  public List<String> keywords() {
    return keywords;
  }

  @Override
  public void find(ScannedText scanned, int priority, List<Finding> out) {
    String text = scanned.text();
    ClauseEnds ends = new ClauseEnds(text);
    int cjk = -1; // whether the text holds Chinese, Japanese or Korean script: found once, when first asked
    for (Language l : ProseLanguages.ALL) {
      if (!scanned.mentions(keywordsOf(l))) {
        continue;
      }
      if (l.cjk()) {
        // English nouns count in CJK prose only ("token 改成了 X"); a text in no CJK script has none to read
        cjk = cjk < 0 ? (holdsCjkScript(text) ? 1 : 0) : cjk;
        if (cjk == 0) {
          continue;
        }
      }
      Matcher nouns = l.nouns().matcher(scanned.subject()).useTransparentBounds(true).useAnchoringBounds(false);
      Matcher logins = l.logins().matcher(scanned.subject()).useTransparentBounds(true).useAnchoringBounds(false);
      for (String k : l.keywords()) {
        for (int at : scanned.hits(k.toLowerCase(Locale.ROOT))) {
          nouns.region(at, text.length());
          if (nouns.lookingAt() && bounded(text, nouns.start(), nouns.end(), l)) {
            new Clause(text, ends, l, priority, out).afterNoun(nouns.start(), nouns.end(), sortOf(l, nouns.group()));
          }
        }
      }
      for (String k : l.loginKeywords()) {
        for (int at : scanned.hits(k.toLowerCase(Locale.ROOT))) {
          logins.region(at, text.length());
          if (logins.lookingAt() && bounded(text, logins.start(), logins.end(), l)) {
            new Clause(text, ends, l, priority, out).pairAfter(logins.end());
          }
        }
      }
    }
  }

  private static List<String> keywordsOf(Language l) {
    List<String> all = new ArrayList<>(l.keywords());
    all.addAll(l.loginKeywords());
    return all.stream().map(k -> k.toLowerCase(Locale.ROOT)).toList();
  }

  /** What kind of value a noun takes. */
  enum Sort { SECRET, PIN, PHRASE }

  private static Sort sortOf(Language l, String noun) {
    return l.phrases().matcher(noun).matches() ? Sort.PHRASE : l.pins().matcher(noun).matches() ? Sort.PIN : Sort.SECRET;
  }

  /** A noun stands as a word of its own: no letter or digit before it (unless it ends a compound) or after it. */
  private static boolean bounded(String text, int start, int end, Language l) {
    if (l.cjk()) {
      // an English noun inside CJK prose is still a word of its own: not the start of "tokenizer"
      return !(isAsciiWordChar(text.charAt(start)) && start > 0 && isAsciiWordChar(text.charAt(start - 1)))
          && !(isAsciiWordChar(text.charAt(end - 1)) && end < text.length() && isAsciiWordChar(text.charAt(end)));
    }
    if (start > 0 && ("_./$@\\".indexOf(text.charAt(start - 1)) >= 0
        || !l.compounds() && Character.isLetterOrDigit(text.charAt(start - 1)))) {
      return false; // a part of an identifier (DB_PASSWORD), a path, or another word
    }
    int word = start;
    while (word > 0 && start - word < 64 && (Character.isLetterOrDigit(text.charAt(word - 1)) || text.charAt(word - 1) == '-')) {
      word--;
    }
    if (text.charAt(word) == '-') {
      return false; // an option of a command line (--dest-creds): CommandLines reads those
    }
    if (end < text.length()) {
      char c = text.charAt(end);
      if (Character.isLetterOrDigit(c) || (c == '-' || c == '_') && end + 1 < text.length()
          && Character.isLetter(text.charAt(end + 1))) {
        return false;
      }
    }
    return true;
  }

  private static boolean holdsCjkScript(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= '\u3040' && (c <= '\u30ff' || c >= '\u3400' && c <= '\u9fff' || c >= '\uac00' && c <= '\ud7af'
          || c >= '\uf900' && c <= '\ufaff')) {
        return true;
      }
    }
    return false;
  }

  private static boolean isAsciiWordChar(char c) {
    return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
  }

  /** One clause of a text read from a noun or a login word on. */
  private record Clause(String text, ClauseEnds ends, Language l, int priority, List<Finding> out) {
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
              appositive(end);
            } else {
              contrasted(out.get(out.size() - 1).end(), end, sort);
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
            String v = runEnd < 0 ? "" : text.substring(spaced, runEnd);
            if (ProseValues.looksLikePassword(v)) {
              emit(spaced, runEnd);
            }
          }
          return;
        }
        int tokenEnd = tokenEnd(spaced, end);
        if (tokenEnd < 0) {
          return;
        }
        String token = ProseValues.stripTrailing(text.substring(spaced, tokenEnd));
        String lower = token.toLowerCase(Locale.ROOT);
        if (gap == 0 && l.describing().contains(lower)) {
          return;
        }
        if (gap == 0 && sort == Sort.PIN && isPin(token)) {
          emit(spaced, spaced + token.length()); // "use PIN 582914"
          return;
        }
        if ((gap == 0 || prepositional && gap <= 3) && ProseValues.looksLikePassword(token)) {
          emit(spaced, spaced + token.length());
          return;
        }
        if (isCode(token)) {
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
        int quote = OPENING.indexOf(text.charAt(i + escaped));
        if (quote >= 0) {
          quoted(nounStart, i + escaped, CLOSING.charAt(quote), escaped == 1);
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
        if (sort == Sort.PHRASE && phrase(i, end)) {
          return;
        }
        if (strict) {
          if (ProseValues.looksLikePassword(token)) {
            emit(i, i + token.length());
          }
          return;
        }
        if (sort == Sort.PIN && token.chars().allMatch(Character::isDigit) && token.length() >= 4
            && token.length() <= 12) {
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
        String lower = token.toLowerCase(Locale.ROOT);
        if (!ProseValues.isOrdinaryWord(token) || l.stops().contains(lower) || stopsOfTheNoun(nounStart).contains(lower)) {
          return;
        }
        skipped++;
        i = tokenEnd;
      }
    }

    private void quoted(int nounStart, int open, char close, boolean escaped) {
      int to = closing(open, close);
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

    /** Where the quote opened at {@code open} closes on its line, within {@link ClauseEnds#MAX_CLAUSE}; -1 if not. */
    private int closing(int open, char close) {
      int limit = Math.min(text.length(), open + 1 + ClauseEnds.MAX_CLAUSE);
      for (int i = open + 1; i < limit; i++) {
        char c = text.charAt(i);
        if (c == close) {
          return i;
        }
        if (c == '\n') {
          return -1;
        }
      }
      return -1;
    }

    /** A passphrase: two or more words to the end of the clause, none of them a stop word. */
    private boolean phrase(int from, int end) {
      int i = from;
      int words = 0;
      int last = from;
      while (i < end && words < MAX_PHRASE_WORDS) {
        int tokenEnd = l.cjk() ? asciiRun(i, end) : tokenEnd(i, end);
        if (tokenEnd <= i) {
          break;
        }
        String token = ProseValues.stripTrailing(text.substring(i, tokenEnd));
        if (token.isEmpty() || l.stops().contains(token.toLowerCase(Locale.ROOT))) {
          return false;
        }
        words++;
        last = i + token.length();
        int next = skipSpaces(tokenEnd, end);
        if (l.cjk() && (next == tokenEnd || next > tokenEnd + 1)) {
          break;
        }
        i = next;
      }
      if (words < 2) {
        return false;
      }
      emit(from, last);
      return true;
    }

    /** After a login word: "admin / VALUE" (or "admin/VALUE") within the clause, past a joiner. */
    void pairAfter(int from) {
      int end = Math.min(ends.after(from), from + 80);
      int slash = from;
      while (slash < end && text.charAt(slash) != '/') {
        slash++;
      }
      if (slash >= end) {
        return;
      }
      int userStart = slash;
      while (userStart > from && text.charAt(userStart - 1) == ' ') {
        userStart--;
      }
      int userEnd = userStart;
      while (userStart > from && (Character.isLetterOrDigit(text.charAt(userStart - 1))
          || "._@+-".indexOf(text.charAt(userStart - 1)) >= 0)) {
        userStart--;
      }
      if (userStart == userEnd || userStart == from) {
        return;
      }
      int v = skipSpaces(slash + 1, end);
      int vEnd = l.cjk() ? asciiRun(v, end) : tokenEnd(v, end);
      if (vEnd <= v) {
        return;
      }
      String token = ProseValues.stripTrailing(text.substring(v, vEnd));
      if (ProseValues.couldBeSecret(token)) {
        emit(v, v + token.length());
      }
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
     * A value set off by a comma at the end of a sentence whose joiner found none: "the password to the VPN is the
     * same as before, Vpn-Same-4455". The clause after the comma must be that one word, and it must look like a
     * password.
     */
    private void appositive(int clauseEnd) {
      if (clauseEnd >= text.length() || text.charAt(clauseEnd) != ',') {
        return;
      }
      int from = skipSpaces(clauseEnd + 1, text.length());
      int to = ends.after(from);
      int tokenEnd = l.cjk() ? asciiRun(from, to) : tokenEnd(from, to);
      if (tokenEnd <= from || skipSpaces(tokenEnd, to) < to) {
        return;
      }
      String token = ProseValues.stripTrailing(text.substring(from, tokenEnd));
      if (ProseValues.looksLikePassword(token)) {
        emit(from, from + token.length());
      }
    }

    /** A second value after the first and a contrast: "暗証番号は 8841 ではなく 907163 です" (not 8841 but 907163). */
    private void contrasted(int valueEnd, int end, Sort sort) {
      int i = skipSpaces(valueEnd, end);
      for (String contrast : CONTRASTS) {
        if (text.startsWith(contrast, i)) {
          int from = skipSpaces(i + contrast.length(), end);
          int tokenEnd = l.cjk() ? asciiRun(from, end) : tokenEnd(from, end);
          if (tokenEnd > from) {
            String token = ProseValues.stripTrailing(text.substring(from, tokenEnd));
            if (ProseValues.looksLikePassword(token) || sort == Sort.PIN && isPin(token)) {
              emit(from, from + token.length());
            }
          }
          return;
        }
      }
    }

    /** A PIN said after its noun without a joiner: 4 to 12 digits, not one digit repeated (a default, 0000). */
    private static boolean isPin(String token) {
      return token.length() >= 4 && token.length() <= 12 && token.chars().allMatch(Character::isDigit)
          && token.chars().distinct().count() > 1;
    }

    /** A word of code between a noun and its joiner: operators, brackets, a call ({@code status(401)}). */
    private static boolean isCode(String token) {
      for (int k = 0; k < token.length(); k++) {
        char c = token.charAt(k);
        if ("{}[];=<>|&$".indexOf(c) >= 0 || c == '(' && k > 0 || c == ')' && k + 1 < token.length()) {
          return true;
        }
      }
      return false;
    }

    /** The end of a joiner standing at {@code i}, or -1. Word joiners need a word boundary after them. */
    private int joinerAt(int i, int end) {
      for (String arrow : ARROWS) {
        if (text.startsWith(arrow, i)) {
          return i + arrow.length();
        }
      }
      for (String j : l.joiners()) {
        if (i + j.length() > end || !text.regionMatches(true, i, j, 0, j.length())) {
          continue;
        }
        int after = i + j.length();
        boolean word = Character.isLetter(j.charAt(j.length() - 1));
        if (word && !l.cjk() && after < text.length() && !Character.isWhitespace(text.charAt(after))
            && text.charAt(after) != ':') {
          continue; // a joiner is a word of its own: "es" is not the start of "Es!Root-9043"
        }
        if (j.equals("=") && after < text.length() && text.charAt(after) == '=') {
          continue;
        }
        return after;
      }
      return -1;
    }

    private int skipSpaces(int i, int end) {
      while (i < end && (text.charAt(i) == ' ' || text.charAt(i) == '\t' || text.charAt(i) == '\u00a0'
          || text.charAt(i) == '\u3000')) {
        i++;
      }
      return i;
    }

    /** The end of the word at {@code i}, or -1 when it runs past {@link #MAX_TOKEN}: no word of prose. */
    private int tokenEnd(int i, int end) {
      int limit = Math.min(end, i + MAX_TOKEN);
      while (i < limit && !Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      return i == limit && limit < end ? -1 : i;
    }

    /** The end of the run of printable ASCII at {@code i} (a value inside text without spaces), or -1 when too long. */
    private int asciiRun(int i, int end) {
      int limit = Math.min(end, i + MAX_TOKEN);
      while (i < limit && text.charAt(i) > ' ' && text.charAt(i) < 127) {
        i++;
      }
      return i == limit && limit < end ? -1 : i;
    }

    private void emit(int start, int end) {
      if (end > start && !text.substring(start, end).contains("[REDACTED")) {
        out.add(new Finding(start, end, SecretKind.PASSWORD_ASSIGNMENT, priority));
      }
    }
  }
}
