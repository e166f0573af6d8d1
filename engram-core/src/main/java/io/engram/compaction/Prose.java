package io.engram.compaction;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a text says something: holds a statement a person wrote, not only names, paths, keywords or
 * continuity words. A line is a statement when it has at least four plain words (letters only) of which at
 * least two distinct ones are function words ("the", "to", "is", "with"...), or, as a list item, at least
 * three plain lower-case words and at most one comma ("- [open] launch the review page"; a comma-separated
 * list of names is not a phrase), or a list item of at least three comma-separated clauses a verb opens ("- create the
 * branch, implement 9 files, push branch, create PR": a to-do list); a sentence of one clause is one too, from its
 * capital to its full stop, of five plain words or more with a function word ("Just completed creating the
 * vsaas-permission-guide skill."); a run of six Chinese, Japanese or Korean characters is one too, unless its line
 * ends with a file's extension or the run lies inside a path (a file or folder named in Japanese or Chinese is no
 * sentence); Korean, which spaces its words, by three of them in a list item or with a sentence's ending ({@link
 * #koreanStatement}). Continuity words ("first", "then", "next step", "so far"...) are taken out before the count, so
 * a heading followed by them says nothing.
 */
final class Prose {
  private static final Pattern PLAIN = Pattern.compile("(?<![\\p{L}\\p{N}_./-])\\p{L}{2,}(?![\\p{L}\\p{N}_./-])");
  private static final Pattern CJK = Pattern.compile("[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}]{6,}");
  // A line that ends with a file's extension names a file ("- column/1万件の声を集めて気づいたこと.md"): its Japanese
  // or Chinese letters are the file's name, not a sentence.
  private static final Pattern FILE_AT_THE_END = Pattern.compile("\\.[A-Za-z][A-Za-z0-9]{0,9}`?\\s*$");
  private static final Pattern LIST_ITEM = Pattern.compile("^\\s*(?:[-*•+]|\\d{1,2}[.)])\\s+");
  private static final Pattern CONTINUITY = Pattern.compile(
      "(?i)\\b(?:first(?:ly)?|then|next(?:\\s+steps?)?|after\\s+that|afterwards|finally|currently|in progress"
          + "|so far|continu(?:e|es|ing)|remaining|left off)\\b");
  private static final Set<String> FUNCTION = Set.of("the", "a", "an", "to", "of", "in", "on", "for", "with", "is",
      "was", "are", "were", "be", "been", "it", "its", "that", "this", "these", "those", "and", "or", "but", "not",
      "by", "from", "at", "as", "has", "have", "had", "will", "would", "should", "can", "could", "into", "when",
      "which", "what", "who", "all", "no", "if", "there", "their", "they", "we", "you", "he", "she", "his", "her",
      "our", "your", "my", "i", "me", "us", "them", "do", "does", "did", "still", "because", "since", "until",
      "while", "without", "about", "over", "under", "before", "only", "also", "than", "so", "yet", "each");

  // A list item of three clauses a verb opens, comma-separated, is a statement of what to do ("create the branch,
  // implement 9 files, push branch, create PR"): two could be a pair of names, three make a to-do list.
  private static final int MIN_CLAUSES = 3;

  // A sentence of one clause has a subject or an opening verb, a verb or object, and what it is about: five plain
  // words at least, fewer is a label ("Current work done.").
  private static final int SENTENCE_WORDS = 5;
  // Where a sentence ends inside a line: a full stop before a space.
  private static final Pattern SENTENCE_END = Pattern.compile("(?<=\\.)\\s+");

  private static final Pattern HANGUL = Pattern.compile("\\p{IsHangul}");
  // Three Korean words make a phrase ("통합 검증 함수"), as three lower-case words make an English list item one.
  private static final int KOREAN_WORDS = 3;
  // How a Korean sentence ends: the formal and polite endings (입니다, 했다, 해요) and the nominal ones of notes
  // (완료함, 진행중, 필요), before a full stop or other closing marks.
  private static final Pattern KOREAN_ENDING = Pattern.compile("(?:다|요|함|음|됨|임|중|필요)[.!?:)\\]*]*$");
  private static final Pattern NONE = Pattern.compile("(?i)\\b(?:none|no)\\b");

  private Prose() {}

  /** Whether some line of {@code text} is a statement or a one-clause sentence. */
  static boolean says(String text) {
    for (String line : text.split("\\R")) {
      if (statement(line) || Arrays.stream(SENTENCE_END.split(line)).anyMatch(Prose::sentence) || cjkSentence(line)
          || koreanStatement(line)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code line} holds a run of six Chinese, Japanese or Korean characters that is not a file's name: not on a
   * line ending with a file's extension, and not inside a path (a token with a slash: "/投资助理工作/基金分类标签/prompt"
   * names folders, and a keyword dump of changed files would otherwise read as sentences).
   */
  static boolean cjkSentence(String line) {
    if (FILE_AT_THE_END.matcher(line).find()) {
      return false;
    }
    Matcher m = CJK.matcher(line);
    while (m.find()) {
      int from = m.start();
      int to = m.end();
      while (from > 0 && !Character.isWhitespace(line.charAt(from - 1))) {
        from--;
      }
      while (to < line.length() && !Character.isWhitespace(line.charAt(to))) {
        to++;
      }
      String token = line.substring(from, to);
      if (token.indexOf('/') < 0 && token.indexOf('\\') < 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code line} is a statement in Korean, which puts spaces between its words, so a run of six syllables is
   * rare: at least {@value #KOREAN_WORDS} words holding Hangul, outside paths, in a list item of one comma at most
   * ("데이터 무결성 증명", "추가 5-10개 테스트") or with a word that ends as a sentence ends ("구현이 진행중입니다"). A line
   * ending with a file's extension names a file.
   */
  static boolean koreanStatement(String line) {
    if (FILE_AT_THE_END.matcher(line).find()) {
      return false;
    }
    int words = 0;
    boolean ends = false;
    for (String token : line.strip().split("\\s+")) {
      if (HANGUL.matcher(token).find() && token.indexOf('/') < 0 && token.indexOf('\\') < 0) {
        words++;
        ends |= KOREAN_ENDING.matcher(token).find();
      }
    }
    // A list item of names set apart by commas ("- 미니멀러그, 시어서커, 블랭킷") is no phrase, as in English.
    boolean phrase = listItem(line) && line.chars().filter(c -> c == ',').count() <= 1;
    return words >= KOREAN_WORDS && (ends || phrase);
  }

  /** Whether {@code line} opens as a list item ("- ", "* ", "• ", "3. ", "2) "). */
  static boolean listItem(String line) {
    return LIST_ITEM.matcher(line).find();
  }

  /** Whether {@code text} says there is none ("None.", "No errors"): all a section has to say when nothing is there. */
  static boolean saysNone(String text) {
    return NONE.matcher(text).find();
  }

  /** How many plain words (letters only, not part of a name, a path or a number) {@code text} has. */
  static int plainWords(String text) {
    Matcher m = PLAIN.matcher(CONTINUITY.matcher(text).replaceAll(" "));
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  /**
   * Whether {@code line} is a sentence of one clause, as a summary states where the work is ("Just completed creating
   * the vsaas-permission-guide skill."): it opens with a capital letter, ends with a full stop, holds at least five
   * plain words, three of them lower-case of three letters or more, and a function word. A keyword, a name or a list
   * of names has none of that shape.
   */
  static boolean sentence(String line) {
    String s = LIST_ITEM.matcher(line).replaceFirst("").strip();
    if (s.isEmpty() || !Character.isUpperCase(s.charAt(0)) || !s.endsWith(".")) {
      return false;
    }
    // Its last word ends at the full stop, which a plain word must not touch.
    Matcher m = PLAIN.matcher(CONTINUITY.matcher(s.substring(0, s.length() - 1)).replaceAll(" "));
    int words = 0;
    int lower = 0;
    boolean function = false;
    while (m.find()) {
      String w = m.group();
      words++;
      function |= FUNCTION.contains(w.toLowerCase(Locale.ROOT));
      lower += w.equals(w.toLowerCase(Locale.ROOT)) && w.length() >= 3 ? 1 : 0;
    }
    return words >= SENTENCE_WORDS && lower >= 3 && function;
  }

  /** Whether {@code line} is a statement (see the class comment). */
  static boolean statement(String line) {
    String plainLine = CONTINUITY.matcher(line).replaceAll(" ");
    Matcher m = PLAIN.matcher(plainLine);
    int words = 0;
    int lower = 0;
    Set<String> function = new HashSet<>();
    while (m.find()) {
      String w = m.group();
      words++;
      String low = w.toLowerCase(Locale.ROOT);
      if (FUNCTION.contains(low)) {
        function.add(low);
      }
      if (w.equals(low) && w.length() >= 3) {
        lower++;
      }
    }
    boolean item = listItem(line);
    boolean phrase = item && lower >= 3 && line.chars().filter(c -> c == ',').count() <= 1;
    return words >= 4 && function.size() >= 2 || phrase || item && clauses(plainLine) >= MIN_CLAUSES;
  }

  // How many of the comma-separated parts of a line are clauses a verb opens: a lower-case plain word of three letters
  // or more, then another plain word ("implement 9 files", "push branch", "create PR"). A list of names or of
  // concepts ("Rust, Axum web server, Preact") is written in capitals and nouns, and has none.
  private static int clauses(String line) {
    int clauses = 0;
    for (String part : line.split("[,;]")) {
      Matcher m = PLAIN.matcher(part);
      if (m.find() && m.group().length() >= 3 && m.group().equals(m.group().toLowerCase(Locale.ROOT)) && m.find()) {
        clauses++;
      }
    }
    return clauses;
  }
}
