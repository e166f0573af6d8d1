package io.engram.dream;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Accumulates Markdown bodies into one without repeating anything: bodies are added newest first;
 * a heading, code block, blockquote or punctuation-only line already present is skipped; a line (or
 * bullet) keeps only the sentences not said before, and is dropped when none is left. Runs of blank
 * lines collapse to one.
 *
 * <p>Verbatim text is never cut: a code block or a blockquote is kept or skipped whole, and a line is
 * never split into sentences inside an inline code span or a quotation ({@link MarkdownProse}), so a
 * quote loses no sentence to a merge.
 */
final class BodyMerge {
  private static final Pattern LINE_END = Pattern.compile("\r\n|\r|\n");
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
  private static final Pattern BLOCKQUOTE = Pattern.compile("^ {0,3}>");
  private static final Pattern MARKER = Pattern.compile("^(\\s*(?:[-*+]|\\d{1,9}[.)])\\s+(?:\\[[ xX]]\\s+)?|\\s*)");
  private static final String EMPHASIS = "*_`#>";
  private static final String PUNCT = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
  private static final String SENTENCE_ENDS = ".!?。！？；;";

  private final List<String> lines = new ArrayList<>();
  private final Set<String> seen = new HashSet<>();
  private final java.util.Optional<MeaningMatch> meaning;
  /** Every sentence kept so far, for the meaning check. */
  private final List<String> said = new ArrayList<>();
  /** What the kept sentences mention ({@link Specifics#mentions}), grown with them. */
  private final StringBuilder mentioned = new StringBuilder(" ");
  /** How many bodies were added; the first (newest) is kept as written, only later ones lose paraphrases. */
  private int bodies;

  /** A merge that drops a sentence only when it was said in the same words. */
  BodyMerge() {
    this(java.util.Optional.empty());
  }

  /** A merge that also drops a sentence whose meaning was said already ({@link MeaningMatch#alreadySaid}). */
  BodyMerge(java.util.Optional<MeaningMatch> meaning) {
    this.meaning = meaning;
  }

  void add(String body) {
    // A lone \r ends a line too (as String.lines() has it); kept inside, the merged text's "\r\n" would
    // read back as a different line on the next merge.
    String[] in = LINE_END.split(body, -1);
    for (int i = 0; i < in.length; i++) {
      Matcher fence = FENCE.matcher(in[i]);
      if (fence.find()) {
        i = addBlock(in, i, fence.group(1));
      } else if (BLOCKQUOTE.matcher(in[i]).find()) {
        i = addQuote(in, i);
      } else {
        addLine(in[i]);
      }
    }
    addLine("");
    bodies++;
  }

  String result() {
    int end = lines.size();
    while (end > 0 && lines.get(end - 1).isBlank()) {
      end--;
    }
    return end == 0 ? "" : String.join("\n", lines.subList(0, end)) + "\n";
  }

  private int addBlock(String[] in, int start, String fence) {
    int end = start + 1;
    while (end < in.length && !in[end].strip().startsWith(fence)) {
      end++;
    }
    int last = Math.min(end, in.length - 1);
    List<String> block = java.util.Arrays.asList(in).subList(start, last + 1);
    if (seen.add("code\u0000" + String.join("\n", block))) {
      lines.addAll(block);
    }
    return last;
  }

  /** A run of blockquote lines, kept whole unless the same run was kept before. */
  private int addQuote(String[] in, int start) {
    int end = start;
    while (end + 1 < in.length && BLOCKQUOTE.matcher(in[end + 1]).find()) {
      end++;
    }
    List<String> block = java.util.Arrays.asList(in).subList(start, end + 1);
    if (seen.add("quote\u0000" + String.join("\n", block))) {
      lines.addAll(block);
    }
    return end;
  }

  private void addLine(String line) {
    if (line.isBlank()) {
      if (!lines.isEmpty() && !lines.get(lines.size() - 1).isBlank()) {
        lines.add("");
      }
      return;
    }
    if (line.stripLeading().startsWith("#")) {
      if (seen.add("head\u0000" + normalize(line))) {
        lines.add(line);
      }
      return;
    }
    Matcher m = MARKER.matcher(line);
    m.find();
    String marker = line.substring(0, m.end());
    String content = line.substring(m.end());
    if (normalize(content).isEmpty()) {
      // Rules, and items whose text is punctuation only ("8080. :"), carry no sentence: kept once,
      // like headings; splitting them into sentences would keep them once and drop them on a re-merge.
      if (seen.add("mark\u0000" + line.strip())) {
        lines.add(line);
      }
      return;
    }
    List<String> kept = new ArrayList<>();
    boolean saysSomething = false;
    for (String sentence : sentences(content)) {
      String key = normalize(sentence);
      if (key.isEmpty()) {
        kept.add(sentence);
      } else if (!seen.contains("text\u0000" + key) && !saidInOtherWords(sentence)) {
        seen.add("text\u0000" + key);
        kept.add(sentence);
        saysSomething = true;
        if (meaning.isPresent()) {
          said.add(sentence);
          mentioned.append(Specifics.mentions(sentence));
        }
      }
    }
    if (saysSomething) {
      lines.add(marker + join(kept));
    }
  }

  private boolean saidInOtherWords(String sentence) {
    return bodies > 0 && meaning.isPresent() && meaning.get().alreadySaid(sentence, said, mentioned.toString());
  }

  /** The sentences of one line, never cut inside a code span or a quotation. */
  static List<String> sentences(String content) {
    List<MarkdownProse.Span> verbatim =
        MarkdownProse.split(content).stream().filter(s -> !s.prose()).toList();
    List<String> out = new ArrayList<>();
    int from = 0;
    int span = 0;
    // A sentence ends after one of SENTENCE_ENDS and the blanks that follow it.
    for (int at = 1; at <= content.length(); at++) {
      if (SENTENCE_ENDS.indexOf(content.charAt(at - 1)) < 0) {
        continue;
      }
      int next = at;
      while (next < content.length() && " \t\n\u000B\f\r".indexOf(content.charAt(next)) >= 0) {
        next++;
      }
      // Ends and spans both go left to right: one pointer into the spans keeps this linear.
      while (span < verbatim.size() && verbatim.get(span).end() <= at) {
        span++;
      }
      boolean inside = span < verbatim.size() && verbatim.get(span).start() < at;
      if (!inside && next > from) {
        out.add(content.substring(from, at));
        from = next;
      }
      at = Math.max(at, next - 1);
    }
    out.add(content.substring(from));
    while (out.size() > 1 && out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return out;
  }

  private static String join(List<String> sentences) {
    StringBuilder out = new StringBuilder();
    for (String s : sentences) {
      if (out.length() > 0 && "。！？；".indexOf(out.charAt(out.length() - 1)) < 0) {
        out.append(' ');
      }
      out.append(s);
    }
    return out.toString();
  }

  /**
   * Lower case, no Markdown emphasis, single spaces, no trailing punctuation. By hand: a merge normalises
   * every sentence, and a pattern's matcher per sentence costs more than the sentence.
   */
  static String normalize(String text) {
    StringBuilder out = lowerWithSingleSpaces(text, EMPHASIS);
    int end = out.length();
    while (end > 0 && (PUNCT.indexOf(out.charAt(end - 1)) >= 0 || "。！？；，、".indexOf(out.charAt(end - 1)) >= 0
        || Character.isWhitespace(out.charAt(end - 1)))) {
      end--;
    }
    return out.substring(0, end);
  }
  /**
   * {@code text} in lower case with each run of white space (and of the {@code blank} characters) made one space,
   * none leading; the caller trims the end its own way.
   */
  static StringBuilder lowerWithSingleSpaces(String text, String blank) {
    String lower = text.toLowerCase(Locale.ROOT);
    StringBuilder out = new StringBuilder(lower.length());
    boolean pending = false;
    for (int i = 0; i < lower.length(); i++) {
      char c = lower.charAt(i);
      if (blank.indexOf(c) >= 0 || Character.isWhitespace(c)) {
        pending = out.length() > 0;
      } else {
        if (pending) {
          out.append(' ');
          pending = false;
        }
        out.append(c);
      }
    }
    return out;
  }

}
