package io.engram.dream;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits Markdown into the stretches that are prose and those that must be left verbatim: fenced
 * code blocks, inline code spans and URLs.
 */
final class MarkdownProse {
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
  private static final Pattern URL = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://\\S+");

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

  /** Splits a stretch outside fences at inline code spans and URLs. */
  private static void addProse(String text, int from, int to, List<Span> out) {
    int cursor = from;
    int i = from;
    while (i < to) {
      char c = text.charAt(i);
      if (c == '`') {
        int run = runLength(text, i, to);
        int close = closingRun(text, i + run, to, run);
        if (close >= 0) {
          addUrls(text, cursor, i, out);
          out.add(new Span(i, close + run, false));
          i = close + run;
          cursor = i;
          continue;
        }
        i += run;
        continue;
      }
      i++;
    }
    addUrls(text, cursor, to, out);
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
