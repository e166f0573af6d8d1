package io.engram.compaction;

import java.lang.Character.UnicodeScript;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The language a text is written in, as far as continuity needs it to judge a summary written in another language
 * than the session: the scripts of its words ({@link WritingScripts}) and, in Latin letters, the languages its
 * function words fit ({@link LatinLanguage}).
 *
 * <p>A summary's language is read from its own words: what it quotes (in quotation marks, corner brackets, code
 * spans or a quoted block) is the person's or the code's, so an English summary that quotes a Chinese request in a
 * line is still English; and it writes in Chinese, Japanese or Korean only where it says something in them ({@link
 * Prose}), not where it names a product or a file in them. A word of the transcript a summary in another language can be asked to hold is one that reads
 * the same in any language: a file name, an identifier, a path, a number; or one in the summary's own language; or one
 * it holds anyway (a quote, a word borrowed as it is). The rest a faithful summary says in other words, which no
 * word-for-word reading sees, so they are left out of the count rather than counted as lost.
 *
 * @param scripts the scripts the text writes at least a fifth of its words in
 * @param main the script it writes most of its words in; empty for a text of no word
 * @param latin the Latin-script languages other than English its function words fit; empty for English, another
 *     script, or a text too short to tell
 */
record WrittenLanguage(Set<UnicodeScript> scripts, Optional<UnicodeScript> main, Set<LatinLanguage> latin) {
  private static final Pattern QUOTED = Pattern.compile(
      "\"[^\"\\n]*\"|“[^”\\n]*”|「[^」\\n]*」|『[^』\\n]*』|`[^`\\n]*`|(?m)^\\s*>.*$");
  // What a name, a path or a number is made of besides letters: a word that holds one of these reads the same in any
  // language ("raft_replication.fl", "5-10", "v2").
  private static final Pattern NOT_A_WORD = Pattern.compile("[\\d._/-]");
  private static final Pattern LETTERS = Pattern.compile("\\p{L}+");

  WrittenLanguage {
    scripts = Set.copyOf(scripts);
    latin = Set.copyOf(latin);
  }

  /**
   * The language {@code text} is written in, read whole (its words of two letters too) without what it quotes (all
   * of it when it only quotes).
   */
  static WrittenLanguage of(String text) {
    String own = QUOTED.matcher(text).replaceAll(" ");
    Map<String, Boolean> words = Continuity.words(own);
    if (words.isEmpty()) {
      own = text;
      words = Continuity.words(text);
    }
    Set<UnicodeScript> scripts = new HashSet<>(WritingScripts.own(words.keySet()));
    // Names of products, places or files in Chinese, Japanese or Korean ("미니멀러그, 시어서커") in an English summary
    // are no Korean of its own: it writes in those scripts when it says something in them.
    if (own.lines().noneMatch(l -> Prose.cjkSentence(l) || Prose.koreanStatement(l))) {
      scripts.remove(UnicodeScript.HAN);
    }
    return new WrittenLanguage(scripts, WritingScripts.main(words.keySet()), latin(own));
  }

  /** The language of a text read into {@code words} ({@link Continuity#words}). */
  static WrittenLanguage ofWords(Collection<String> words) {
    return new WrittenLanguage(WritingScripts.own(words), WritingScripts.main(words), LatinLanguage.of(words));
  }

  /** The Latin-script languages of {@code text}'s words, every one of them. */
  static Set<LatinLanguage> latin(String text) {
    List<String> words = new ArrayList<>();
    Matcher m = LETTERS.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      words.add(Continuity.stem(m.group()));
    }
    return LatinLanguage.of(words);
  }

  /** This language with the Latin-script languages of a text it is part of (an item, of its list). */
  WrittenLanguage within(Set<LatinLanguage> whole) {
    return new WrittenLanguage(scripts, main, whole);
  }

  /**
   * Whether {@code text} is in another language than this one: most of its words are in a script this one does not
   * write in, or its function words are of a Latin-script language this one's are not.
   */
  boolean differs(WrittenLanguage text) {
    return text.main.map(s -> !scripts.contains(s)).orElse(false) || LatinLanguage.differ(text.latin, latin);
  }

  /**
   * The words of {@code weighed} a summary in this language can be asked to hold (see the class comment): the words
   * it holds ({@code said}), those that read the same in any language ({@code names}: the transcript's file names
   * and identifiers, lower-cased; or holding a digit, a dot, an underscore, a slash or a hyphen), and those of its
   * scripts unless they are of a Latin-script language it is not written in.
   */
  Map<String, Double> expected(Map<String, Double> weighed, Set<String> said, Set<String> names) {
    boolean otherLatin = LatinLanguage.differ(LatinLanguage.of(weighed.keySet()), latin);
    Map<String, Double> out = new LinkedHashMap<>();
    weighed.forEach((w, v) -> {
      UnicodeScript script = WritingScripts.of(w);
      boolean own = scripts.contains(script) && !(otherLatin && script == UnicodeScript.LATIN);
      if (own || said.contains(w) || untranslated(w, names)) {
        out.put(w, v);
      }
    });
    return out;
  }

  /** Whether {@code word} reads the same in any language: a name of the transcript's, a path, a number. */
  static boolean untranslated(String word, Set<String> names) {
    return NOT_A_WORD.matcher(word).find() || names.contains(word);
  }
}
