package io.engram.extract;

import io.engram.memory.ReadableNames;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Word-level helpers shared by the rules: content terms, slugs, one-line clips. */
final class Terms {
  private static final Pattern ASCII_WORD = Pattern.compile("[a-z0-9][a-z0-9+#.]*[a-z0-9+#]|[a-z0-9]");
  private static final Pattern CJK_RUN = Pattern.compile("[\\p{IsHan}]+");
  private static final Set<String> STOP =
      Set.of(
          "a", "an", "the", "and", "or", "but", "so", "to", "of", "in", "on", "at", "for", "with", "by",
          "from", "as", "is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "these",
          "those", "there", "here", "i", "me", "my", "we", "our", "you", "your", "they", "them", "he", "she",
          "please", "remember", "note", "now", "then", "also", "just", "really", "very", "all", "any",
          "some", "when", "what", "which", "who", "how", "why", "do", "does", "did", "will", "would",
          "should", "can", "could", "ok", "okay", "yes", "yeah", "if", "than", "into", "about", "up",
          "out", "have", "has", "had", "get", "got", "make", "sure", "one", "s", "t", "re", "ll", "d",
          "user", "wants", "work", "done", "useful", "memory", "project", "going", "forward",
          "future", "keep", "mind");

  private Terms() {}

  /** Content terms of {@code text}: ASCII words that are not stop words, and two-character Han runs. */
  static Set<String> of(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    Set<String> out = new LinkedHashSet<>();
    Matcher m = ASCII_WORD.matcher(lower.replace("'", ""));
    while (m.find()) {
      String w = m.group();
      if (!STOP.contains(w) && !(w.length() == 1 && Character.isLetter(w.charAt(0)))) {
        out.add(w);
      }
    }
    Matcher h = CJK_RUN.matcher(text);
    while (h.find()) {
      String run = h.group();
      if (run.length() == 1) {
        out.add(run);
      }
      for (int i = 0; i + 2 <= run.length(); i++) {
        out.add(run.substring(i, i + 2));
      }
    }
    return out;
  }

  /**
   * A readable name: {@code prefix} and up to {@code max} content words of {@code text}, in the text's own script
   * ({@link ReadableNames}); "note" when neither has a word.
   */
  static String slug(String prefix, String text, int max) {
    String name = ReadableNames.of(prefix, text, max);
    return name.isEmpty() ? "note" : name;
  }

  /** {@code text} on one line, at most {@code max} characters, cut at a word when it can be. */
  static String clip(String text, int max) {
    String one = text.replaceAll("\\s+", " ").strip();
    if (one.length() <= max) {
      return one;
    }
    int cut = one.lastIndexOf(' ', max - 1);
    return (cut > max / 2 ? one.substring(0, cut) : one.substring(0, max - 1)) + "…";
  }
}
