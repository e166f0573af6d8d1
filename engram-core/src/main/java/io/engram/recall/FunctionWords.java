package io.engram.recall;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words of a question that say how it is asked, not what about ("when can we deploy?": only "deploy"
 * is about something). Keyword coverage ({@link SearchIndex#keywordCoverage}) leaves them out, so a memory
 * that holds what a question is about clears the relevance floor however the question is phrased; BM25
 * ranking still sees them (they weigh little there).
 */
public final class FunctionWords {
  private static final Pattern WORDS = Pattern.compile("(?iu)\\b(?:do|does|did|done|what|when|where|which|who|whom|"
      + "whose|why|how|i|i'm|you|he|she|we|us|me|my|our|your|his|her|can|could|should|would|shall|may|might|must|"
      + "is|are|was|were|be|been|am|have|has|had|please|there|any|some)\\b");

  // Lucene's English stop words: a word-by-word match of a question against a document ignores these too.
  private static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "but", "by", "for",
      "if", "in", "into", "is", "it", "no", "not", "of", "on", "or", "such", "that", "the", "their", "then", "there",
      "these", "they", "this", "to", "was", "will", "with");

  private FunctionWords() {}

  /**
   * Whether the single word {@code word} says what a question is about: it has a letter or digit, and it is neither
   * a function word nor an English stop word ("the", "of").
   */
  public static boolean carriesContent(String word) {
    String w = word.strip().toLowerCase(Locale.ROOT);
    return w.codePoints().anyMatch(Character::isLetterOrDigit) && !STOP_WORDS.contains(w)
        && !WORDS.matcher(w).matches();
  }

  /** {@code query} without its function words, for weighing what it is about. */
  public static String strip(String query) {
    return WORDS.matcher(query).replaceAll(" ");
  }
}
