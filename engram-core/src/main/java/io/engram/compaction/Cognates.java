package io.engram.compaction;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words of a text read across Latin-script languages: a summary in English restates a Portuguese or French todo
 * item or answer in its own words, and most of a coding session's words are shared by descent or borrowed
 * ("autenticação" and "authentication", "notificações" and "notifications", "Créer" and "create", "Medicaments" and
 * "Medications"), where the function words and the commonest verbs differ ("Criar" and "create").
 *
 * <p>Two words are cognates by the longest common subsequence ratio, the measure of cognate identification in bitext
 * alignment (Melamed, 1999: the longest common subsequence of the two spellings over the longer one's length): with
 * accents taken off, the same first letter, and a ratio of at least {@value #MIN_RATIO} (Melamed's threshold). A word
 * of fewer than {@value #MIN_LETTERS} letters is its own cognate only: "fix" and "fixer" share too little to tell.
 */
final class Cognates {
  // Melamed's threshold for cognates by the longest common subsequence ratio.
  static final double MIN_RATIO = 0.58;
  // Below four letters a subsequence of two or three says nothing of descent ("add" and "and").
  static final int MIN_LETTERS = 4;
  private static final Pattern LATIN_WORD = Pattern.compile("\\p{IsLatin}+");
  private static final Pattern MARKS = Pattern.compile("\\p{M}+");

  private final Set<String> exact;
  private final Map<Character, List<String>> byInitial;

  /** The words of a text ({@link KeyMatcher#contentWords}, or any lower-cased words), to be asked for cognates. */
  Cognates(Collection<String> words) {
    this.exact = new HashSet<>();
    this.byInitial = new HashMap<>();
    for (String w : words) {
      String f = fold(w);
      if (exact.add(f) && f.length() >= MIN_LETTERS) {
        byInitial.computeIfAbsent(f.charAt(0), k -> new ArrayList<>()).add(f);
      }
    }
  }

  /**
   * Whether the text restates {@code other}, written in Latin letters in another language: half of the distinct
   * content words {@code other} writes in Latin letters ({@link KeyMatcher#contentWords}), its languages' function words
   * aside, are the text's or cognates of them, and there are at least {@code minWords} such words. Half, not the
   * share a quote keeps: a translation says the commonest verbs in its own ("Criar", "create").
   */
  boolean restates(String other, int minWords) {
    List<String> words = KeyMatcher.contentWords(other).stream().filter(w -> LATIN_WORD.matcher(w).matches())
        .filter(w -> !LatinLanguage.functionWord(Continuity.stem(w))).distinct().toList();
    long held = words.stream().filter(this::holds).count();
    return words.size() >= Math.max(1, minWords) && held >= Math.ceil(words.size() / 2.0);
  }

  /** Whether the text holds {@code word} or a cognate of it. */
  boolean holds(String word) {
    String f = fold(word);
    if (exact.contains(f)) {
      return true;
    }
    if (f.length() < MIN_LETTERS) {
      return false;
    }
    for (String other : byInitial.getOrDefault(f.charAt(0), List.of())) {
      if (cognate(f, other)) {
        return true;
      }
    }
    return false;
  }

  /** Whether two folded words of {@value #MIN_LETTERS} letters or more are cognates (see the class comment). */
  static boolean cognate(String a, String b) {
    int longer = Math.max(a.length(), b.length());
    // The ratio can reach MIN_RATIO only when the shorter word is long enough: a cheap test before the table.
    if (Math.min(a.length(), b.length()) < MIN_RATIO * longer) {
      return false;
    }
    return (double) commonSubsequence(a, b) / longer >= MIN_RATIO;
  }

  /** {@code word} lower-cased with its accents taken off ("notificações" -> "notificacoes"). */
  static String fold(String word) {
    return MARKS.matcher(Normalizer.normalize(word.toLowerCase(Locale.ROOT), Normalizer.Form.NFD)).replaceAll("");
  }

  // The length of the longest common subsequence, one row of the table at a time.
  private static int commonSubsequence(String a, String b) {
    int[] row = new int[b.length() + 1];
    for (int i = 1; i <= a.length(); i++) {
      int diagonal = 0;
      for (int j = 1; j <= b.length(); j++) {
        int above = row[j];
        row[j] = a.charAt(i - 1) == b.charAt(j - 1) ? diagonal + 1 : Math.max(row[j], row[j - 1]);
        diagonal = above;
      }
    }
    return row[b.length()];
  }
}
