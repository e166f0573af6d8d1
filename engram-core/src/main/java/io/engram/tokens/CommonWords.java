package io.engram.tokens;

import com.knuddels.jtokkit.api.IntArrayList;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a word in Latin letters is one of the commonest of running text ("read", "update", "current",
 * "accordingly"), read off the o200k_base encoding already counting tokens here: no word list is shipped.
 *
 * <p>A byte-pair encoding's rank is the order its merges were learnt in, and each merge joined the pair most frequent
 * in the encoding's training text (web text and code in many languages) at that point; a word that is a single token
 * after a space, as it stands in running text, with a low rank is among the commonest words of that text. Below rank
 * {@value #COMMON_BELOW} about 12,500 lower-case words are such a token: the size of a common-English list, with the
 * common words of code ("config", "json", "async") and of the other languages written in Latin letters in it, and
 * without "replication", "tokenizer", "webhook" or any word the encoding splits ("compaction", "lucene").
 */
public final class CommonWords {
  // Ranks run to about 200,000; a quarter of them holds the words named above as common and none named as not
  // (read off the encoding's table: "accordingly" 44,041, "tenant" 38,634, "replication" 87,568, "raft" 91,668).
  static final int COMMON_BELOW = 50_000;
  private static final Pattern LATIN_WORD = Pattern.compile("\\p{IsLatin}+");

  private CommonWords() {}

  /**
   * Whether {@code word}, of Latin letters only, is among the commonest words (case aside, a plural's "s" as
   * written or taken off); false for any other word (a name, a number, another script).
   */
  public static boolean common(String word) {
    if (!LATIN_WORD.matcher(word).matches()) {
      return false;
    }
    String lower = word.toLowerCase(Locale.ROOT);
    return oneCommonToken(lower) || oneCommonToken(lower + "s");
  }

  private static boolean oneCommonToken(String word) {
    IntArrayList tokens = O200k.ENCODING.encodeOrdinary(" " + word);
    return tokens.size() == 1 && tokens.get(0) < COMMON_BELOW;
  }
}
