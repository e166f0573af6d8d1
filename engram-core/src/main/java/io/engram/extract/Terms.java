package io.engram.extract;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

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

  private static final Pattern NOT_SLUG = Pattern.compile("[^a-z0-9]+");
  private static final int SLUG_WORDS_READ = 200;

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
   * A file-name-safe slug: {@code prefix} and up to {@code max} ASCII content words of {@code text}.
   * Text with no ASCII words (Chinese) gets a short stable hash so that names stay ASCII and distinct.
   */
  static String slug(String prefix, String text, int max) {
    StringBuilder sb = new StringBuilder(prefix);
    int words = 0;
    Matcher m = ASCII_WORD.matcher(text.toLowerCase(Locale.ROOT).replace("'", ""));
    // A name comes from the first words: looking at more than SLUG_WORDS_READ of them finds nothing new.
    for (int read = 0; read < SLUG_WORDS_READ && words < max && m.find(); read++) {
      String w = trimDashes(NOT_SLUG.matcher(m.group()).replaceAll("-"));
      if (w.isEmpty() || STOP.contains(w) || sb.indexOf("-" + w + "-") >= 0 || endsWith(sb, w)) {
        continue;
      }
      if (sb.length() > 0) {
        sb.append('-');
      }
      sb.append(w);
      words++;
    }
    if (words == 0 || CJK_RUN.matcher(text).find() && words < 2) {
      CRC32 crc = new CRC32();
      crc.update(text.strip().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      if (sb.length() > 0) {
        sb.append('-');
      }
      sb.append(String.format("%06x", crc.getValue() & 0xFFFFFF));
    }
    String s = sb.toString();
    return s.length() <= 64 ? s : s.substring(0, 64).replaceAll("-[^-]*$", "");
  }

  private static String trimDashes(String w) {
    int from = w.startsWith("-") ? 1 : 0;
    int to = w.endsWith("-") && w.length() > from ? w.length() - 1 : w.length();
    return w.substring(from, to);
  }

  private static boolean endsWith(StringBuilder sb, String w) {
    int n = sb.length();
    return n >= w.length() && sb.substring(n - w.length()).equals(w)
        && (n == w.length() || sb.charAt(n - w.length() - 1) == '-');
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
