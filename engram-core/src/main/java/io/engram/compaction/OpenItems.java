package io.engram.compaction;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.lang.Character.UnicodeScript;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which of the open todo and task items a summary's Pending Tasks and Current Work name. The agent writes its todo
 * items in the person's language, and a summary in another one restates them in its own words ("逐个检查src/strategy/全部文件"
 * as "Check remaining directories: src/strategy/, src/risk/"), so an item is read as continuity reads every word
 * ({@link WrittenLanguage}):
 *
 * <ul>
 *   <li>an item in the summary's language is named by half of its content words ({@link #names});
 *   <li>an item in another language by what reads the same in any: half of its file names, identifiers, paths and
 *       numbers of two characters or more, one at least; an item in Latin letters also by half of its words held as
 *       they are or as cognates ({@link Cognates#restates}: the words of a coding session are mostly shared by descent or
 *       borrowed across the languages written in Latin letters);
 *   <li>an item in another language that holds none of those by how many items the summary sets out: as many of them
 *       count as named as Pending Tasks has list items that say something ({@link Prose}) and are this transcript's
 *       (they share a word with one of those items or a word particular to its last stretch: a name, a path, a number
 *       or a word outside the commonest of running text, of high weight in the stretch) beyond those the other items
 *       took. A list of keywords says nothing and counts none; nor does a list of statements that shares no
 *       particular word with the transcript: another session's summary of the same repository sets out its own.
 * </ul>
 */
final class OpenItems {
  // A number a person writes in any language ("5-10", "2.1", "#42"); a single digit is in every summary.
  private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])\\d+(?:[.:,-]\\d+)*(?![\\w])");
  private static final Pattern PATH = Pattern.compile("[\\w.-]*/[\\w./-]*\\w");
  // What a list item names rather than says: a code span, a path of either slash ("`D:\app\报告-文档.md`" reads as a
  // run of Chinese).
  private static final Pattern NAMED = Pattern.compile("`[^`\\n]*`|\\S*[/\\\\]\\S*");
  // A number of one digit is no mark of an item: step and list numbers are in every summary.
  private static final int MIN_NUMBER_CHARS = 2;
  // The shortest name continuity reads (Continuity's words keep no shorter one).
  private static final int MIN_NAME_CHARS = 4;

  private OpenItems() {}

  /**
   * The open items of {@code open} that {@code pending} and {@code current} do not name, in their order; {@code
   * particular} the words particular to the transcript's last stretch, as {@link Continuity#words} reads them.
   */
  static List<String> missed(List<String> open, String pending, String current, Set<String> particular) {
    String text = pending + "\n" + current;
    WrittenLanguage language = WrittenLanguage.of(text);
    List<String> missed = new ArrayList<>();
    List<String> unmarked = new ArrayList<>();
    int named = 0;
    // A todo list is written in one language, and its items are short ("Testar conectividade do banco"): their
    // Latin-script language is read from all of them.
    Set<LatinLanguage> listed = WrittenLanguage.latin(String.join("\n", open));
    Cognates said = new Cognates(KeyMatcher.contentWords(text));
    for (String item : open) {
      WrittenLanguage itemLanguage = WrittenLanguage.of(item).within(listed);
      boolean other = language.differs(itemLanguage);
      List<String> marks = other ? marks(item) : List.of();
      boolean in = !other ? names(text, item)
          : !marks.isEmpty() && marked(text, marks) || itemLanguage.main().equals(Optional.of(UnicodeScript.LATIN))
              && said.restates(item, 1);
      if (in) {
        named++;
      } else if (other && marks.isEmpty()) {
        unmarked.add(item);
      } else {
        missed.add(item);
      }
    }
    Set<String> ours = new HashSet<>(particular);
    unmarked.forEach(u -> ours.addAll(Continuity.words(u).keySet()));
    int counted = Math.max(0, Math.min(unmarked.size(), stated(pending, ours) - named));
    missed.addAll(unmarked.subList(counted, unmarked.size()));
    return open.stream().filter(missed::contains).toList();
  }

  /** Whether {@code text} names an item: an id as a token, a title by half of its words. */
  static boolean names(String text, String name) {
    if (!name.strip().contains(" ")) {
      return Pattern.compile("(?<![\\w.])" + Pattern.quote(name.strip()) + "(?![\\w-]|\\.\\d)",
          Pattern.CASE_INSENSITIVE).matcher(text).find();
    }
    List<String> words = KeyMatcher.contentWords(name);
    if (words.isEmpty()) {
      return true;
    }
    Set<String> in = new HashSet<>(KeyMatcher.contentWords(text));
    long kept = words.stream().distinct().filter(in::contains).count();
    return kept >= 0.5 * words.stream().distinct().count();
  }

  /** What of {@code item} reads the same in any language: its names, paths and numbers, as written. */
  static List<String> marks(String item) {
    Set<String> out = new LinkedHashSet<>();
    for (Pattern p : List.of(PATH, Continuity.NAME)) {
      Matcher m = p.matcher(item);
      while (m.find()) {
        if (m.group().length() >= MIN_NAME_CHARS) {
          out.add(m.group());
        }
      }
    }
    Matcher n = NUMBER.matcher(item);
    while (n.find()) {
      if (n.group().length() >= MIN_NUMBER_CHARS) {
        out.add(n.group());
      }
    }
    return List.copyOf(out);
  }

  // Half of the marks, one at least, in the text as tokens, case aside.
  private static boolean marked(String text, List<String> marks) {
    String lower = text.toLowerCase(Locale.ROOT);
    long in = marks.stream().filter(m -> Pattern.compile("(?<![\\w])" + Pattern.quote(m.toLowerCase(Locale.ROOT))
        + "(?![\\w])").matcher(lower).find()).count();
    return in >= Math.max(1, Math.ceil(marks.size() / 2.0));
  }

  // How many list items of Pending Tasks say something, apart from the code and paths they name, and share a word
  // with {@code ours}.
  private static int stated(String pending, Set<String> ours) {
    return (int) pending.lines()
        // a marker with nothing after it says nothing, so Prose's reading of a list item serves
        .filter(l -> Prose.listItem(l) && Prose.says(NAMED.matcher(l).replaceAll(" ")))
        .filter(l -> Continuity.words(l).keySet().stream().anyMatch(ours::contains)).count();
  }
}
