package io.engram.recall;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words of a question that say how it is asked, not what about ("when can we deploy?": only "deploy"
 * is about something). Keyword coverage ({@link SearchIndex#keywordCoverage}) leaves them out, so a memory
 * that holds what a question is about clears the relevance floor however the question is phrased; BM25
 * ranking still sees them (they weigh little there).
 *
 * <p>Chinese has them too, written without spaces: question words (什么, 怎么, 哪个, 为什么), pronouns (我们, 这个),
 * particles (吗, 呢, 的, 了) and the copula 是. Indexed as overlapping character pairs, they make pairs that belong
 * to no word ("段的", "的值") and pairs a statement rarely holds ("什么"), so in a small store a memory that happens to
 * hold one weighs as if it shared a rare word with the question. {@link #strip} blanks them out (a space ends a run of
 * characters, so no pair spans the gap), and {@link #carriesContent} says no for the single characters that are only
 * ever such words or a part of them (什, 么, 们), for a model that reads Chinese a character at a time.
 */
public final class FunctionWords {
  private static final Pattern WORDS = Pattern.compile("(?iu)\\b(?:do|does|did|done|what|when|where|which|who|whom|"
      + "whose|why|how|i|i'm|you|he|she|we|us|me|my|our|your|his|her|can|could|should|would|shall|may|might|must|"
      + "is|are|was|were|be|been|am|have|has|had|please|there|any|some)\\b");

  // Lucene's English stop words: a word-by-word match of a question against a document ignores these too.
  private static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "but", "by", "for",
      "if", "in", "into", "is", "it", "no", "not", "of", "on", "or", "such", "that", "the", "their", "then", "there",
      "these", "they", "this", "to", "was", "will", "with");

  // Longest first, so 为什么 goes whole; 了 stays in 了解, 的 in 目的. The compounds of 是 and 他 are listed so that
  // no lone 但 or 其 is left to match on its own.
  private static final Pattern CJK_WORDS = Pattern.compile("为什么|怎么样|怎么办|是不是|有没有|能不能|要不要|会不会"
      + "|可不可以|什么|怎么|怎样|如何|哪个|哪些|哪里|哪儿|为啥|我们|你们|他们|她们|咱们|其他|这个|那个|这些|那些|这样|那样"
      + "|这么|那么|这里|那里|一下|请问|的话|但是|还是|就是|总是|只是|可是|于是|是否|不是|为了|除了"
      + "|[吗呢吧啊呀嘛啥咋是我你他她]|(?<!目)的|了(?!解)");

  // Single characters that are only ever such a word or a piece of one, as a model reading one character at a time sees.
  private static final Set<Integer> CJK_CHARACTERS = "的了吗呢吧啊呀嘛么什怎哪啥咋我你他她们是这那些".codePoints()
      .boxed().collect(java.util.stream.Collectors.toUnmodifiableSet());

  private FunctionWords() {}

  /**
   * Whether the single word {@code word} says what a question is about: it has a letter or digit, and it is neither
   * a function word nor an English stop word ("the", "of").
   */
  public static boolean carriesContent(String word) {
    String w = word.strip().toLowerCase(Locale.ROOT);
    return w.codePoints().anyMatch(Character::isLetterOrDigit) && !STOP_WORDS.contains(w)
        && !WORDS.matcher(w).matches() && !CJK_WORDS.matcher(w).matches()
        && !(w.codePointCount(0, w.length()) == 1 && CJK_CHARACTERS.contains(w.codePointAt(0)));
  }

  /** {@code query} without its function words, English and Chinese, for weighing what it is about. */
  public static String strip(String query) {
    return CJK_WORDS.matcher(WORDS.matcher(query).replaceAll(" ")).replaceAll(" ");
  }
}
