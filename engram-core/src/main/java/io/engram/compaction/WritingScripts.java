package io.engram.compaction;

import java.lang.Character.UnicodeScript;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The writing systems a text's words are in, so that a summary is judged on the words it could hold: one written in
 * English about a session held in Japanese or Russian says what the person asked in its own words, and no word of
 * the request's script will be in it ({@link WrittenLanguage}). Han, kana and Hangul count as one script (a Japanese
 * request mixes them); digits and marks take the script of the letter they follow, a word of no letter counts as
 * Latin. A run of Chinese, Japanese or Korean characters is read as its overlapping character pairs, each character
 * in two of them, so a pair counts half a word: a summary that quotes a phrase in Chinese does not write in Chinese
 * by the many pairs of that one phrase.
 */
final class WritingScripts {
  // A script the summary writes at least this share of its words in is one of its own; a name in another script is
  // not.
  private static final double OWN_SHARE = 0.2;
  // A character pair of a Chinese, Japanese or Korean run counts this much of a word: each character is in two pairs.
  private static final double PAIR = 0.5;
  // How many characters a pair has.
  private static final int PAIR_CHARS = 2;

  // The commonest characters of Chinese grammar (particles, pronouns, copula, negation, measure words) and the
  // syllables of Korean particles and endings: a pair made of them alone ("这个", "不是", "는데", "습니") is how a
  // sentence is put, not what it is about.
  private static final String CHINESE_GRAMMAR = "的了是不这那个我你他她它们啊吗呢么吧在有和就也都还要会能一把被给让得地着过很";
  private static final String KOREAN_GRAMMAR = "는은이가을를에의로와과도만서고다요니습했었하해한할합입있없겠게지데면어아래죠네까나";

  private WritingScripts() {}

  /**
   * Whether {@code word} is a character pair of grammar alone: two characters of the commonest of Chinese or of
   * Korean particles and endings, or two hiragana (Japanese writes its particles and inflections in them, its
   * content mostly in kanji and katakana).
   */
  static boolean grammar(String word) {
    if (word.length() != PAIR_CHARS) {
      return false;
    }
    char a = word.charAt(0);
    char b = word.charAt(1);
    return CHINESE_GRAMMAR.indexOf(a) >= 0 && CHINESE_GRAMMAR.indexOf(b) >= 0
        || KOREAN_GRAMMAR.indexOf(a) >= 0 && KOREAN_GRAMMAR.indexOf(b) >= 0
        || hiragana(a) && hiragana(b);
  }

  private static boolean hiragana(char c) {
    return Character.UnicodeScript.of(c) == UnicodeScript.HIRAGANA;
  }

  /** The script of {@code word}: its first letter's, CJK ones merged. */
  static UnicodeScript of(String word) {
    for (int i = 0; i < word.length(); ) {
      int cp = word.codePointAt(i);
      if (Character.isLetter(cp)) {
        UnicodeScript s = UnicodeScript.of(cp);
        return switch (s) {
          case HAN, HIRAGANA, KATAKANA, HANGUL -> UnicodeScript.HAN;
          default -> s;
        };
      }
      i += Character.charCount(cp);
    }
    return UnicodeScript.LATIN;
  }

  /** The scripts at least a fifth of {@code words} are written in. */
  static Set<UnicodeScript> own(Collection<String> words) {
    Map<UnicodeScript, Double> shares = shares(words);
    double all = shares.values().stream().mapToDouble(Double::doubleValue).sum();
    return shares.entrySet().stream().filter(e -> e.getValue() >= OWN_SHARE * all)
        .map(Map.Entry::getKey).collect(Collectors.toSet());
  }

  /** The script most of {@code words} are written in; empty when there are none. */
  static Optional<UnicodeScript> main(Collection<String> words) {
    return shares(words).entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey);
  }

  // How many words of each script, distinct ones, a character pair counting half.
  private static Map<UnicodeScript, Double> shares(Collection<String> words) {
    Map<UnicodeScript, Double> counts = new EnumMap<>(UnicodeScript.class);
    new LinkedHashSet<>(words).forEach(w -> {
      UnicodeScript s = of(w);
      counts.merge(s, s == UnicodeScript.HAN && w.codePointCount(0, w.length()) == PAIR_CHARS ? PAIR : 1, Double::sum);
    });
    return counts;
  }
}
