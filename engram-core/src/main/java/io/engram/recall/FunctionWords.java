package io.engram.recall;

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

  private FunctionWords() {}

  /** {@code query} without its function words, for weighing what it is about. */
  public static String strip(String query) {
    return WORDS.matcher(query).replaceAll(" ");
  }
}
