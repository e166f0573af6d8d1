package io.engram.dream;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One sentence of a memory, read for {@link Contradictions}: its content words (negations, fillers
 * and auxiliaries removed, lightly stemmed), its polarity, the exclusive choices it asserts, and a
 * key/value reading when it has the form "X is Y", "X: Y" or "X = Y".
 */
final class Statement {
  // "The last few words" before a position: 24 characters, about four words ("instead of the", "不再").
  private static final int WORDS_BEFORE_CHARS = 24;
  /**
   * The longest sentence read as a statement. Longer "sentences" are logs, blobs or minified lines, which
   * state no value a person would contradict; the bound keeps each sentence's scans short, so reading a
   * memory stays linear in its length.
   */
  static final int MAX_SENTENCE = 2_000;
  /**
   * The most statements read from one memory. Two memories' statements are compared pair by pair, so a
   * memory of many thousand lines (a pasted log) would make that quadratic; a memory past this many
   * sentences is not a list of facts, and its first ones are compared.
   */
  static final int MAX_STATEMENTS = 500;
  private static final Pattern SPLIT = Pattern.compile("\\n+|(?<=[.!?。！？；;])\\s+|(?<=[。！？；])");
  private static final Pattern MARKER = Pattern.compile("^\\s*(?:[-*+>]|\\d{1,9}[.)]|#{1,6})\\s+");
  private static final Pattern TOKEN =
      Pattern.compile("\\p{IsHan}|[\\p{L}\\p{N}&&[^\\p{IsHan}]][\\p{L}\\p{N}_+\\-&&[^\\p{IsHan}]]*");
  private static final Pattern KEY_VALUE =
      Pattern.compile(
          "^(.{1,60}?)\\s*(\\s(?:is|are|was|were)\\s|(?<!\\d):(?!\\d|//)|：|=)\\s*(.+)$",
          Pattern.CASE_INSENSITIVE);
  /**
   * Values that describe how rather than what ("is built with", "is used for", "is working on") are
   * not key/values; a lone participle is a state ("is enabled" / "is disabled") and stays one.
   */
  private static final Pattern VERBAL_VALUE =
      Pattern.compile("^(?:not\\b|\\w+(?:ed|ing)\\s+\\w|(?:built|run|written|kept|set|made)\\b)");
  private static final Set<String> NEGATIONS = Set.of("not", "no", "never", "none", "without", "不", "没", "别", "勿", "未", "无");
  private static final Set<String> FILLERS =
      Set.of("the", "a", "an", "is", "are", "was", "were", "be", "been", "do", "does", "did", "to", "of", "for",
          "anymore", "any", "longer", "still", "now", "always", "also", "that", "this", "it", "we", "our", "in",
          "on", "and", "or", "with", "by", "at", "as", "should", "must", "will", "can", "please", "just", "really",
          "再", "的", "了", "要", "也", "都", "还", "就", "在");
  private static final Set<String> VAGUE_KEYS =
      Set.of("it", "this", "that", "there", "here", "why", "how to apply", "how", "note", "notes", "todo", "tip",
          "example", "e.g", "see", "context", "reason", "summary", "warning", "important", "what", "which", "who",
          "one", "answer", "question");
  /** A mark right before a choice (at most one word between) that puts the choice in the past. */
  private static final Pattern PAST_MARK =
      Pattern.compile("(?:\\bfrom|\\binstead of|\\bnot|\\bnever|\\brather than|\\breplac(?:e|ed|ing)(?!\\s+by)|"
          + "\\bdropped|\\bremoved|\\bformerly|\\bused to|\\bwithout|而不是|不再用|不用|不需要|弃用|从|不)"
          + "\\s*(?:\\S+\\s+)?$");
  static final Pattern CHANGE_MARK =
      Pattern.compile("\\b(?:switched|moved|migrated|changed|now use|now uses|instead of|replaced|no longer)\\b"
          + "|改用|换成|迁移到|切换到|不再|而不是|现在用", Pattern.CASE_INSENSITIVE);

  final String text;
  final List<String> words;
  final Set<String> content;
  final boolean negative;
  final Map<Integer, Set<String>> asserted;
  final Map<Integer, Set<String>> past;
  final Optional<String> key;
  final Optional<String> value;
  final List<TypedValues.Value> values;

  private Statement(String text) {
    this.text = text;
    String lower = canonicalNegations(text.toLowerCase(Locale.ROOT).replace("`", "").replace("*", ""));
    this.words = tokens(lower);
    int negations = 0;
    for (String word : words) {
      if (NEGATIONS.contains(word)) {
        negations++;
      }
    }
    this.content = contentWords(lower);
    this.negative = negations % 2 == 1;
    this.asserted = new HashMap<>();
    this.past = new HashMap<>();
    readChoices(lower, asserted, past);
    Matcher kv = KEY_VALUE.matcher(text.strip());
    Optional<String> k = Optional.empty();
    Optional<String> v = Optional.empty();
    if (kv.matches()) {
      String keyText = normalize(kv.group(1));
      String valueText = normalize(kv.group(3));
      // "X is Y" is everywhere in prose ("Jon is passionate about dance"); only a short value reads as
      // a key's value. A colon or equals sign is an explicit key, so it may carry a longer value.
      int maxValueWords = kv.group(2).isBlank() || Character.isLetter(kv.group(2).strip().charAt(0)) ? 3 : 6;
      int keyWords = keyText.isEmpty() ? 0 : keyText.split(" ").length;
      int valueWords = valueText.isEmpty() ? 0 : valueText.split(" ").length;
      if (keyWords >= 1 && keyWords <= 6 && valueWords >= 1 && valueWords <= maxValueWords
          && !VAGUE_KEYS.contains(keyText)
          && !VERBAL_VALUE.matcher(valueText).find()) {
        k = Optional.of(keyText);
        v = Optional.of(valueText);
      }
    }
    this.key = k;
    this.value = v;
    this.values = negative ? List.of() : TypedValues.of(text);
  }

  private static List<String> tokens(String lower) {
    List<String> w = new ArrayList<>();
    Matcher tm = TOKEN.matcher(lower);
    while (tm.find()) {
      w.add(tm.group().replaceAll("[-_+]+$", ""));
    }
    return w;
  }

  /** The content words of a text: lower case, without negations, fillers and auxiliaries, lightly stemmed. */
  static Set<String> contentWords(String text) {
    Set<String> c = new LinkedHashSet<>();
    for (String word : tokens(canonicalNegations(text.toLowerCase(Locale.ROOT).replace("`", "").replace("*", "")))) {
      if (!NEGATIONS.contains(word) && !FILLERS.contains(word)) {
        c.add(stem(word));
      }
    }
    return c;
  }

  /** True when the last few words before a position put what follows in the past ("from", "instead of", 不再). */
  static boolean pastBefore(String lowerTextBefore) {
    String before = lowerTextBefore.substring(Math.max(0, lowerTextBefore.length() - WORDS_BEFORE_CHARS));
    before = before.substring(lastClauseBreak(before) + 1);
    return PAST_MARK.matcher(before).find();
  }

  /** The sentences of a memory body; fenced code is not a statement. */
  static List<Statement> of(String body) {
    List<Statement> out = new ArrayList<>();
    String text = FencedCode.replaceClosed(body, "\n");
    // Split as it goes, so a body of many short sentences stops being read at MAX_STATEMENTS.
    Matcher split = SPLIT.matcher(text);
    int from = 0;
    while (from >= 0 && out.size() < MAX_STATEMENTS) {
      boolean found = split.find();
      String raw = text.substring(from, found ? split.start() : text.length());
      from = found ? split.end() : -1;
      String s = MARKER.matcher(raw).replaceFirst("").strip();
      if (!s.isEmpty() && !s.startsWith("---") && s.length() <= MAX_SENTENCE) {
        out.add(new Statement(s));
      }
    }
    return out;
  }

  /**
   * True when the two sentences speak in the same context: leaving out the words of exclusive-choice
   * families, they share a word and one's words contain the other's ("the project uses npm" / "the
   * project uses pnpm"). A qualifier on each side ("tabs in Go files" / "spaces in YAML files") means
   * two different subjects.
   */
  boolean sameContext(Statement other) {
    Set<String> a = withoutChoices(content);
    Set<String> b = withoutChoices(other.content);
    boolean shared = a.stream().anyMatch(b::contains);
    return shared && (a.containsAll(b) || b.containsAll(a));
  }

  private static Set<String> withoutChoices(Set<String> words) {
    Set<String> out = new LinkedHashSet<>();
    for (String w : words) {
      if (Alternatives.family(w) < 0) {
        out.add(w);
      }
    }
    return out;
  }

  /** Per family, the members this sentence says are in use, and those it marks as past ("not npm"). */
  private static void readChoices(String lower, Map<Integer, Set<String>> asserted, Map<Integer, Set<String>> past) {
    Matcher m = Pattern.compile("[a-z0-9][a-z0-9_-]*").matcher(lower);
    while (m.find()) {
      String w = m.group();
      int family = Alternatives.family(w);
      if (family < 0) {
        continue;
      }
      Map<Integer, Set<String>> into = pastBefore(lower.substring(0, m.start())) ? past : asserted;
      into.computeIfAbsent(family, f -> new LinkedHashSet<>()).add(Alternatives.canonical(w));
    }
  }

  private static int lastClauseBreak(String s) {
    int at = -1;
    for (int i = 0; i < s.length(); i++) {
      if (",.;:!?，。；：！？".indexOf(s.charAt(i)) >= 0) {
        at = i;
      }
    }
    return at;
  }

  private static String canonicalNegations(String s) {
    return s.replace("no longer", " not ")
        .replaceAll("(?i)\\b(?:don't|doesn't|didn't|isn't|aren't|wasn't|won't|can't|cannot|shouldn't|mustn't)\\b", " not ")
        .replace("n't", " not")
        .replace("不再", "不")
        .replace("没有", "没")
        .replace("无需", "不需要")
        .replace("不用", "不需要")
        .replace("不必", "不需要");
  }

  private static String stem(String w) {
    if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss")) {
      return w.substring(0, w.length() - 1);
    }
    return w;
  }

  private static String normalize(String s) {
    return s.toLowerCase(Locale.ROOT)
        .replaceAll("[`*_\"'“”]", "")
        .replaceAll("^(?:the|a|an|our|my|its)\\s+", "")
        .replaceAll("[\\s]+", " ")
        .transform(t -> TextEnds.dropTrailing(t, TextEnds.anyOf(".。!！?？;；,，")))
        .strip();
  }
}
