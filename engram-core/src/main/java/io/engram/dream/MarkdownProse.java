package io.engram.dream;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits Markdown into the stretches that are prose and those that must be left verbatim: fenced
 * code blocks, blockquote lines ({@code > ...}), inline code spans, quotations and URLs.
 *
 * <p>A quotation is text between a pair of quotation marks in one paragraph: {@code "..."}, {@code
 * “...”}, {@code ‘...’}, {@code «...»}, {@code 「...」} and {@code 『...』}. Straight single quotes are
 * not read as quotation marks, since they are mostly apostrophes ("don't"); a straight double quote
 * without a partner before the paragraph ends is an ordinary character. A curly closing single quote
 * followed by a letter is an apostrophe too ("it’s"), so it does not close a quotation.
 */
final class MarkdownProse {
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
  private static final Pattern BLOCKQUOTE = Pattern.compile("^ {0,3}>");
  /**
   * A URL: a scheme of at most 32 characters that starts a run of scheme characters, then {@code ://}. Both
   * bounds keep the scan linear: without them a long run of letters is retried from each of its positions.
   */
  static final String URL_REGEX = "(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,31}://\\S+";
  private static final Pattern URL = Pattern.compile(URL_REGEX);
  private static final Map<Character, Character> QUOTES =
      Map.of('"', '"', '“', '”', '‘', '’', '«', '»', '「', '」', '『', '』');

  /** A half-open range {@code [start, end)} of the text; {@code prose} when it may be rewritten. */
  record Span(int start, int end, boolean prose) {}

  private MarkdownProse() {}

  static List<Span> split(String text) {
    List<Span> out = new ArrayList<>();
    int pos = 0;
    int proseStart = 0;
    String fence = null;
    while (pos < text.length()) {
      int eol = text.indexOf('\n', pos);
      int lineEnd = eol < 0 ? text.length() : eol + 1;
      String line = text.substring(pos, lineEnd);
      Matcher m = FENCE.matcher(line);
      if (fence == null && m.find()) {
        fence = m.group(1);
        addProse(text, proseStart, pos, out);
        proseStart = pos;
      } else if (fence != null && m.find() && m.group(1).charAt(0) == fence.charAt(0)
          && m.group(1).length() >= fence.length() && line.substring(m.end()).isBlank()) {
        out.add(new Span(proseStart, lineEnd, false));
        proseStart = lineEnd;
        fence = null;
      } else if (fence == null && BLOCKQUOTE.matcher(line).find()) {
        addProse(text, proseStart, pos, out);
        out.add(new Span(pos, lineEnd, false));
        proseStart = lineEnd;
      }
      pos = lineEnd;
    }
    if (fence != null) {
      out.add(new Span(proseStart, text.length(), false));
    } else {
      addProse(text, proseStart, text.length(), out);
    }
    return out;
  }

  /** The verbatim stretches of {@code text} (code, quotations, blockquotes, URLs), in order. */
  static List<String> verbatim(String text) {
    List<String> out = new ArrayList<>();
    for (Span s : split(text)) {
      if (!s.prose() && s.end() > s.start()) {
        out.add(text.substring(s.start(), s.end()));
      }
    }
    return out;
  }

  /** Splits a stretch outside fences and blockquotes at inline code spans, quotations and URLs. */
  private static void addProse(String text, int from, int to, List<Span> out) {
    // Where a search for each closing mark last failed: a later opening of the same mark before that point
    // fails the same way, and searching again would make a run of unclosed quotes quadratic.
    Map<Character, int[]> failed = new java.util.HashMap<>();
    int cursor = from;
    int i = from;
    while (i < to) {
      char c = text.charAt(i);
      int end = -1;
      if (c == '`') {
        int run = runLength(text, i, to);
        int close = closingRun(text, i + run, to, run);
        if (close < 0) {
          i += run;
          continue;
        }
        end = close + run;
      } else if (QUOTES.containsKey(c)) {
        char mark = QUOTES.get(c);
        int[] miss = failed.get(mark);
        int close = miss != null && i + 1 >= miss[0] && i + 1 < miss[1] ? -1 : closingQuote(text, i + 1, to, mark);
        if (close < 0 && (miss == null || i + 1 >= miss[1])) {
          failed.put(mark, new int[] {i + 1, paragraphEnd(text, i + 1, to)});
        }
        end = close < 0 ? -1 : close + 1;
      }
      if (end < 0) {
        i++;
        continue;
      }
      addUrls(text, cursor, i, out);
      out.add(new Span(i, end, false));
      i = end;
      cursor = i;
    }
    addUrls(text, cursor, to, out);
  }

  /** Where the quotation opened before {@code from} closes, skipping code spans; -1 at a paragraph's end. */
  private static int closingQuote(String text, int from, int to, char close) {
    int i = from;
    while (i < to) {
      char c = text.charAt(i);
      if (c == '\n' && text.substring(i + 1, Math.min(to, lineEnd(text, i + 1))).isBlank()) {
        return -1;
      }
      if (c == '`') {
        int run = runLength(text, i, to);
        int closeRun = closingRun(text, i + run, to, run);
        i = closeRun < 0 ? i + run : closeRun + run;
        continue;
      }
      if (c == close && !(close == '’' && i + 1 < to && Character.isLetter(text.charAt(i + 1)))) {
        return i;
      }
      i++;
    }
    return -1;
  }

  /** Where the paragraph holding {@code from} ends (a blank line, or {@code to}). */
  private static int paragraphEnd(String text, int from, int to) {
    int i = text.indexOf('\n', from);
    while (i >= 0 && i < to) {
      if (text.substring(i + 1, Math.min(to, lineEnd(text, i + 1))).isBlank()) {
        return i;
      }
      i = text.indexOf('\n', i + 1);
    }
    return to;
  }

  private static int lineEnd(String text, int from) {
    int eol = text.indexOf('\n', from);
    return eol < 0 ? text.length() : eol;
  }

  private static void addUrls(String text, int from, int to, List<Span> out) {
    if (from >= to) {
      return;
    }
    Matcher m = URL.matcher(text).region(from, to);
    int cursor = from;
    while (m.find()) {
      if (m.start() > cursor) {
        out.add(new Span(cursor, m.start(), true));
      }
      out.add(new Span(m.start(), m.end(), false));
      cursor = m.end();
    }
    if (cursor < to) {
      out.add(new Span(cursor, to, true));
    }
  }

  private static int runLength(String text, int i, int to) {
    int j = i;
    while (j < to && text.charAt(j) == '`') {
      j++;
    }
    return j - i;
  }

  private static int closingRun(String text, int from, int to, int run) {
    int i = from;
    while (i < to) {
      if (text.charAt(i) == '`') {
        int len = runLength(text, i, to);
        if (len == run) {
          return i;
        }
        i += len;
      } else {
        i++;
      }
    }
    return -1;
  }
}
