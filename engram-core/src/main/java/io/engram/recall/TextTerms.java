package io.engram.recall;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns text into index terms for the in-core keyword index: lower case, English stop words dropped,
 * a light English suffix stemmer, and overlapping bigrams for runs of CJK characters (which have no
 * spaces between words), the same scheme Lucene's CJK bigram filter uses.
 */
final class TextTerms {
  private static final Set<String> STOP_WORDS =
      Set.of(
          "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it",
          "no", "not", "of", "on", "or", "such", "that", "the", "their", "then", "there", "these",
          "they", "this", "to", "was", "will", "with", "do", "does", "did", "what", "when", "where",
          "which", "who", "how", "i", "you", "he", "she", "we", "me", "my", "your", "his", "her");

  private TextTerms() {}

  /** The terms of {@code text}, in order, with repeats. */
  static List<String> of(String text) {
    List<String> terms = new ArrayList<>();
    int i = 0;
    int n = text.length();
    while (i < n) {
      int cp = text.codePointAt(i);
      if (isCjk(cp)) {
        int start = i;
        while (i < n && isCjk(text.codePointAt(i))) {
          i += Character.charCount(text.codePointAt(i));
        }
        addBigrams(text.substring(start, i), terms);
      } else if (Character.isLetterOrDigit(cp)) {
        int start = i;
        while (i < n && Character.isLetterOrDigit(text.codePointAt(i)) && !isCjk(text.codePointAt(i))) {
          i += Character.charCount(text.codePointAt(i));
        }
        String word = text.substring(start, i).toLowerCase(Locale.ROOT);
        if (!STOP_WORDS.contains(word)) {
          terms.add(stem(word));
        }
      } else {
        i += Character.charCount(cp);
      }
    }
    return terms;
  }

  private static void addBigrams(String run, List<String> terms) {
    int[] cps = run.codePoints().toArray();
    if (cps.length == 1) {
      terms.add(run);
      return;
    }
    for (int k = 0; k + 1 < cps.length; k++) {
      terms.add(new String(cps, k, 2));
    }
  }

  static boolean isCjk(int cp) {
    if (cp < 0x2E80) {
      return false; // below the CJK radicals block: Latin, Greek, Cyrillic, symbols
    }
    Character.UnicodeScript script = Character.UnicodeScript.of(cp);
    return script == Character.UnicodeScript.HAN
        || script == Character.UnicodeScript.HIRAGANA
        || script == Character.UnicodeScript.KATAKANA
        || script == Character.UnicodeScript.HANGUL;
  }

  /** A light stemmer: folds plurals and the commonest verb endings so "runs", "running" meet "run". */
  static String stem(String w) {
    if (w.length() <= 3 || !w.chars().allMatch(c -> c >= 'a' && c <= 'z')) {
      return w;
    }
    if (w.endsWith("ies") && w.length() > 4) {
      return w.substring(0, w.length() - 3) + "y";
    }
    if (w.endsWith("ing") && w.length() > 5) {
      return undouble(w.substring(0, w.length() - 3));
    }
    if (w.endsWith("ed") && w.length() > 4) {
      return undouble(w.substring(0, w.length() - 2));
    }
    if (w.endsWith("ly") && w.length() > 4) {
      return w.substring(0, w.length() - 2);
    }
    if (w.endsWith("es") && (w.endsWith("sses") || w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes"))) {
      return w.substring(0, w.length() - 2);
    }
    if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
      return w.substring(0, w.length() - 1);
    }
    return w;
  }

  private static String undouble(String w) {
    int n = w.length();
    if (n >= 3 && w.charAt(n - 1) == w.charAt(n - 2) && "lsz".indexOf(w.charAt(n - 1)) < 0) {
      return w.substring(0, n - 1);
    }
    if (w.endsWith("e") && n > 3) {
      return w.substring(0, n - 1);
    }
    return w;
  }
}
