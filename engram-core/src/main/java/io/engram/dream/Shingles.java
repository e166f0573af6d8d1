package io.engram.dream;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Word tokens and word-bigram shingles of a text. Han characters count as one word each, since
 * Chinese is written without spaces; Markdown punctuation is ignored.
 */
final class Shingles {
  private Shingles() {}

  static List<String> words(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    text.toLowerCase(Locale.ROOT).codePoints().forEach(cp -> {
      if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN) {
        flush(word, out);
        out.add(new String(Character.toChars(cp)));
      } else if (Character.isLetterOrDigit(cp)) {
        word.appendCodePoint(cp);
      } else {
        flush(word, out);
      }
    });
    flush(word, out);
    return out;
  }

  /** Bigrams of the words; a one-word text is its own single shingle. */
  static Set<String> of(String text) {
    List<String> w = words(text);
    Set<String> out = new HashSet<>();
    if (w.size() == 1) {
      out.add(w.get(0));
    }
    for (int i = 0; i + 1 < w.size(); i++) {
      out.add(w.get(i) + ' ' + w.get(i + 1));
    }
    return out;
  }

  static double jaccard(Set<String> a, Set<String> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return 0.0;
    }
    Set<String> small = a.size() <= b.size() ? a : b;
    Set<String> large = small == a ? b : a;
    int common = 0;
    for (String s : small) {
      if (large.contains(s)) {
        common++;
      }
    }
    return (double) common / (a.size() + b.size() - common);
  }

  private static void flush(StringBuilder word, List<String> out) {
    if (word.length() > 0) {
      out.add(word.toString());
      word.setLength(0);
    }
  }
}
