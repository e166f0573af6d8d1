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
 * <p>Each noun or login word of a language that stands as a word of its own starts a {@link ProseClause}, which
 * reads on to the value. English nouns count inside Chinese, Japanese and Korean prose ("token 改成了 X"), and only
 * in a text that holds one of those scripts.
 */
final class ProseSecrets implements Detector {
  // "admin / VALUE" follows its login word closely: the pair is looked for within 80 characters, a line of prose.
  private static final int LOGIN_PAIR_CHARS = 80;
  // The word a noun stands in is read back at most 64 characters: a longer run is no word, and it bounds the work.
  private static final int WORD_REACH = 64;
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
            new ProseClause(text, ends, l, priority, out).afterNoun(nouns.start(), nouns.end(), sortOf(l, nouns.group()));
          }
        }
      }
      for (String k : l.loginKeywords()) {
        for (int at : scanned.hits(k.toLowerCase(Locale.ROOT))) {
          logins.region(at, text.length());
          if (logins.lookingAt() && bounded(text, logins.start(), logins.end(), l)) {
            loginPair(new ProseClause(text, ends, l, priority, out), logins.end());
          }
        }
      }
    }
  }

  /** After a login word: "admin / VALUE" (or "admin/VALUE") within the clause, past a joiner. */
  private static void loginPair(ProseClause clause, int from) {
    String text = clause.text();
    int end = Math.min(clause.ends().after(from), from + LOGIN_PAIR_CHARS);
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
    int v = ProseWords.skipSpaces(text, slash + 1, end);
    int vEnd = clause.l().cjk() ? ProseWords.asciiRun(text, v, end) : ProseWords.tokenEnd(text, v, end);
    if (vEnd <= v) {
      return;
    }
    String token = ProseValues.stripTrailing(text.substring(v, vEnd));
    if (ProseValues.couldBeSecret(token)) {
      clause.emit(v, v + token.length());
    }
  }

  private static List<String> keywordsOf(Language l) {
    List<String> all = new ArrayList<>(l.keywords());
    all.addAll(l.loginKeywords());
    return all.stream().map(k -> k.toLowerCase(Locale.ROOT)).toList();
  }

  private static ProseClause.Sort sortOf(Language l, String noun) {
    return l.phrases().matcher(noun).matches() ? ProseClause.Sort.PHRASE
        : l.pins().matcher(noun).matches() ? ProseClause.Sort.PIN : ProseClause.Sort.SECRET;
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
    while (word > 0 && start - word < WORD_REACH && (Character.isLetterOrDigit(text.charAt(word - 1)) || text.charAt(word - 1) == '-')) {
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
      if (isUnspacedScript(text.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** A letter of a script written without spaces between words: Chinese, Japanese, Korean, Thai. */
  static boolean isUnspacedScript(char c) {
    return c >= '\u0e00' && c <= '\u0e7f' || c >= '\u3040' && (c <= '\u30ff' || c >= '\u3400' && c <= '\u9fff'
        || c >= '\uac00' && c <= '\ud7af' || c >= '\uf900' && c <= '\ufaff');
  }

  private static boolean isAsciiWordChar(char c) {
    return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
  }
}
