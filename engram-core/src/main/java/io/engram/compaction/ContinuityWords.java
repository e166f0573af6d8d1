package io.engram.compaction;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The continuity words of CC, the continuity part of the score: words that tie the summary to what comes next.
 *
 * <p>Claude Code's compaction prompt lists 首先 (its "首尾" is read as this), 然后, 接下来, 下一步 and "..."; Engram takes
 * those four with their English equivalents and adds a few of the same family. Each entry is one
 * continuity word, counted once however often it occurs and in whichever of its forms (English
 * case-insensitive, whole words; Chinese as substrings). "next" does not count inside "next step",
 * which is a word of its own.
 */
final class ContinuityWords {
  private static final List<Entry> WORDS =
      List.of(
          entry("first", "(?i)\\bfirst(?:ly)?\\b|首先|首尾"),
          entry("then", "(?i)\\bthen\\b|然后"),
          entry("next", "(?i)\\bnext\\b(?!\\s+steps?\\b)|接下来"),
          entry("next step", "(?i)\\bnext\\s+steps?\\b|下一步"),
          entry("after that", "(?i)\\bafter\\s+that\\b|\\bafterwards\\b|之后|随后"),
          entry("finally", "(?i)\\bfinally\\b|最后"),
          entry("currently", "(?i)\\bcurrently\\b|\\bin progress\\b|目前|当前"),
          entry("so far", "(?i)\\bso far\\b|到目前为止"),
          entry("continue", "(?i)\\bcontinu(?:e|es|ing)\\b|继续"),
          entry("remaining", "(?i)\\bremaining\\b|\\bleft off\\b|剩余|尚未"));

  private ContinuityWords() {}

  /** The continuity words found in {@code text}, each once, in list order. */
  static List<String> found(String text) {
    return WORDS.stream().filter(w -> w.pattern().matcher(text).find()).map(Entry::word).toList();
  }

  private record Entry(String word, Pattern pattern) {}

  private static Entry entry(String word, String regex) {
    return new Entry(word, Pattern.compile(regex));
  }
}
