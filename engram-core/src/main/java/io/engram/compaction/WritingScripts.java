package io.engram.compaction;

import java.lang.Character.UnicodeScript;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The writing systems a text's words are in, so that a summary is judged on the words it could hold: one written in
 * English about a session held in Japanese or Russian says what the person asked in its own words, and no word of
 * the request's script will be in it. Han, kana and Hangul count as one script (a Japanese request mixes them);
 * digits and marks take the script of the letter they follow, a word of no letter counts as Latin.
 */
final class WritingScripts {
  // A script the summary writes at least this share of its words in is one of its own; a quoted request or a name
  // in another script is not.
  private static final double OWN_SHARE = 0.2;
  // When the words a summary could hold weigh less than this share of all, it is judged on all of them: a summary
  // that shares almost no script with the session earns nothing by the exclusion.
  private static final double MIN_KEPT_WEIGHT = 0.25;

  private WritingScripts() {}

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
  static Set<UnicodeScript> own(Set<String> words) {
    Map<UnicodeScript, Integer> counts = new EnumMap<>(UnicodeScript.class);
    words.forEach(w -> counts.merge(of(w), 1, Integer::sum));
    return counts.entrySet().stream().filter(e -> e.getValue() >= OWN_SHARE * words.size())
        .map(Map.Entry::getKey).collect(Collectors.toSet());
  }

  /**
   * The words of {@code weighed} in one of {@code scripts}, unless they weigh less than a quarter of all: then all
   * of them.
   */
  static Map<String, Double> within(Map<String, Double> weighed, Set<UnicodeScript> scripts) {
    Map<String, Double> kept = new LinkedHashMap<>();
    weighed.forEach((w, v) -> {
      if (scripts.contains(of(w))) {
        kept.put(w, v);
      }
    });
    double all = weighed.values().stream().mapToDouble(Double::doubleValue).sum();
    double left = kept.values().stream().mapToDouble(Double::doubleValue).sum();
    return left >= MIN_KEPT_WEIGHT * all ? kept : weighed;
  }
}
