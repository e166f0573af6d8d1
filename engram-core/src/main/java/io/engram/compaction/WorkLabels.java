package io.engram.compaction;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The numbered names the work goes by: "phase 6", "step 2", "PR #12", "version 2.1", as the person's last request
 * names them and the session takes them up. Successive sessions of one project often differ in little else
 * ("check all the changes made in phase 6", then the same words with "phase 11"): they touch the same files and say
 * the same words, and only the number tells which work a session is doing. A summary whose sections 7 to 9 name
 * such a noun with other numbers only ("the phase 11 audit is next") is about another piece of work, however much
 * else it shares with the transcript.
 *
 * <p>A label is a word (a content word, {@link KeyMatcher#contentWords}) followed by a number, with or without
 * "#", or "#" and a number alone; a trailing letter ("6b") names a part of the same thing, so it matches the number
 * without it. A noun counts only when the request names it with one number (a request naming "line 42 and line 57"
 * lists places, not the work) and the session says that label again (the person's "tackle 10 of them" is a count
 * nobody repeats, while "phase 6" recurs all through the session: in the agent's words, its calls, the files it
 * reads).
 *
 * <p>Chinese and Japanese write no space between words, nor between a word and its number: there the noun is the word
 * next to the number, as far as it can be told without a dictionary. After an ordinal's "第", the one or two Han
 * characters that follow ("第6阶段" is "阶段" 6, "第6段階" is "段階" 6): an ordinal names one of a series, never a count.
 * Before a number that ends a word, as a Latin label's does (punctuation, a space or the end after it), the katakana
 * word ("フェーズ6。") or the last two Han characters, the unit the score reads Han text in ({@link
 * KeyMatcher#contentWords}: "完成阶段6，然后提交" is "阶段" 6). A number a Han or kana letter follows is a count ("还有3个
 * 测试", "ファイル3つ") or a word of its own, and no label. A noun read wrongly ("第3步的" as "步的") only misses a
 * contradiction: a request and a summary must name the same noun for one to count.
 *
 * @param byNoun the number of each labelled noun, lower-cased ("phase" to "6", "#" to "12")
 */
record WorkLabels(Map<String, String> byNoun) {
  // A noun, then the number it is given; the noun starts a word (not inside a name, a path, a run of CJK letters),
  // the number ends one (not "6px", "2026-02-18", "3.5%"): each word is tried once.
  private static final Pattern LABEL = Pattern.compile(
      "(?<![\\p{L}\\p{N}_.#/-])(?:(\\p{L}[\\p{L}-]*)\\s{1,2}#?|#)(\\d+(?:\\.\\d+)*)\\p{Ll}?(?![\\p{L}\\p{N}_%/-]|\\.\\d)");
  // Where no space parts words: a katakana word (its long-vowel mark is of no script) or two Han characters, then a
  // number that ends a word, as LABEL's does.
  private static final Pattern CJK_NOUN_FIRST = Pattern.compile(
      "(?<![\\p{IsKatakana}ー])(\\p{IsKatakana}[\\p{IsKatakana}ー]+|\\p{IsHan}{2})\\s{0,2}(\\d+(?:\\.\\d+)*)\\p{Ll}?"
          + "(?![\\p{L}\\p{N}_%/-]|\\.\\d)");
  // An ordinal: "第", the number, the one or two Han characters of what it counts.
  private static final Pattern CJK_ORDINAL = Pattern.compile("第\\s{0,2}(\\d+(?:\\.\\d+)*)\\s{0,2}(\\p{IsHan}{1,2})");
  // The ordinal's mark, which is no part of a noun.
  private static final char ORDINAL = '第';
  // The noun a "#12" is filed under.
  private static final String HASH = "#";
  // A list item of a summary's section, at its left margin (nested items are indented further).
  private static final Pattern ITEM = Pattern.compile("^ {0,3}(?:[-*•]|\\d{1,3}[.)])\\s+");

  WorkLabels {
    byNoun = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byNoun));
  }

  /** No label: nothing is contradicted. */
  static WorkLabels none() {
    return new WorkLabels(Map.of());
  }

  /**
   * The labels of {@code request} that the session says more often than the request does: someone took them up,
   * the agent in its words or its calls, or what they returned.
   *
   * @param session the text of every message of the session, the request's own among them: read only when the
   *     request names a label
   */
  static WorkLabels of(String request, Iterable<String> session) {
    Map<String, Map<String, Integer>> asked = labels(request);
    asked.values().removeIf(numbers -> numbers.size() != 1);
    if (asked.isEmpty()) {
      return none();
    }
    Map<String, Map<String, Integer>> said = new HashMap<>();
    for (String text : session) {
      labels(text).forEach((noun, numbers) -> {
        if (asked.containsKey(noun)) {
          numbers.forEach((n, times) -> said.computeIfAbsent(noun, k -> new HashMap<>()).merge(n, times, Integer::sum));
        }
      });
    }
    Map<String, String> out = new LinkedHashMap<>();
    asked.forEach((noun, numbers) -> {
      Map.Entry<String, Integer> label = numbers.entrySet().iterator().next();
      if (said.getOrDefault(noun, Map.of()).getOrDefault(label.getKey(), 0) > label.getValue()) {
        out.put(noun, label.getKey());
      }
    });
    return new WorkLabels(out);
  }

  /**
   * The first label {@code text} contradicts, as "phase 11, not phase 6": a noun of the work that the text names
   * with numbers, none of them the work's.
   */
  Optional<String> contradiction(String text) {
    if (byNoun.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Map<String, Integer>> named = labels(text);
    for (Map.Entry<String, String> label : byNoun.entrySet()) {
      Set<String> numbers = named.getOrDefault(label.getKey(), Map.of()).keySet();
      if (!numbers.isEmpty() && !numbers.contains(label.getValue())) {
        return Optional.of(said(label.getKey(), String.join(", ", new TreeSet<>(numbers))) + ", not "
            + said(label.getKey(), label.getValue()));
      }
    }
    return Optional.empty();
  }

  /** The last item of a summary's list section ("All user messages": the last message), else all of it. */
  static String lastItem(String section) {
    List<String> lines = section.lines().toList();
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (ITEM.matcher(lines.get(i)).find()) {
        return String.join("\n", lines.subList(i, lines.size()));
      }
    }
    return section;
  }

  private static String said(String noun, String number) {
    return noun.equals(HASH) ? "#" + number : noun + " " + number;
  }

  private static boolean spaceless(String noun) {
    return noun.codePoints().mapToObj(Character.UnicodeScript::of)
        .anyMatch(s -> s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.KATAKANA);
  }

  // Each noun of the text with the numbers it is given, and how often.
  private static Map<String, Map<String, Integer>> labels(String text) {
    Map<String, Map<String, Integer>> out = new HashMap<>();
    Matcher m = LABEL.matcher(text);
    while (m.find()) {
      // A number after "#" is an id whatever word comes before it ("PR #12", "ticket #12").
      String noun = m.group().contains(HASH) ? HASH : m.group(1).toLowerCase(Locale.ROOT);
      // A Chinese or Japanese noun is read by the patterns made for text without spaces, once.
      if (noun.equals(HASH) || KeyMatcher.contentWords(noun).equals(List.of(noun)) && !spaceless(noun)) {
        count(out, noun, m.group(2));
      }
    }
    Matcher before = CJK_NOUN_FIRST.matcher(text);
    while (before.find()) {
      if (before.group(1).indexOf(ORDINAL) < 0) {
        count(out, before.group(1), before.group(2));
      }
    }
    Matcher ordinal = CJK_ORDINAL.matcher(text);
    while (ordinal.find()) {
      count(out, ordinal.group(2), ordinal.group(1));
    }
    return out;
  }

  private static void count(Map<String, Map<String, Integer>> labels, String noun, String number) {
    labels.computeIfAbsent(noun, k -> new HashMap<>()).merge(number, 1, Integer::sum);
  }
}
