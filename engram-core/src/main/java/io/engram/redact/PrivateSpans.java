package io.engram.redact;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code <private>...</private>} spans of a text, in every spelling a person or a tool gives them: any case,
 * spaces or line breaks inside the tag ({@code < private >}, {@code </private >}), attributes ({@code <private
 * reason="x">}), nested spans (the outermost pair is the span), the angle brackets escaped as HTML writes them
 * ({@code &lt;private&gt;}) or as JSON does (a backslash, {@code u003c}), and an opening tag never closed (the span
 * runs to the end). A closing tag with no opening one is left as it is.
 */
final class PrivateSpans {
  private PrivateSpans() {}

  private static final String NAME = "private";
  private static final String[] OPEN = {"<", "&lt;", "\\u003c", "\\u003C", "&#60;", "&#x3c;", "&#x3C;"};
  private static final String[] CLOSE = {">", "&gt;", "\\u003e", "\\u003E", "&#62;", "&#x3e;", "&#x3E;"};
  /** How long a tag's attributes may be. */
  private static final int MAX_TAG = 512;

  private record Tag(int start, int end, boolean closing) {}

  /** The spans {@code [start, end)} to drop, in order and disjoint. */
  static List<int[]> find(String text) {
    List<int[]> spans = new ArrayList<>();
    int depth = 0;
    int open = -1;
    for (Tag t : tags(text)) {
      if (!t.closing()) {
        if (depth++ == 0) {
          open = t.start();
        }
      } else if (depth > 0 && --depth == 0 && !mentionsTheTag(text, open, t)) {
        spans.add(new int[] {open, t.end()});
      }
    }
    if (depth > 0) {
      spans.add(new int[] {open, text.length()});
    }
    return spans;
  }

  /** A span that holds only an ellipsis or nothing: the tag named in prose ("wrap it in <private>…</private>"). */
  private static boolean mentionsTheTag(String text, int open, Tag close) {
    int contentStart = text.indexOf('>', open) + 1;
    if (contentStart <= 0 || contentStart > close.start()) {
      return false;
    }
    String content = text.substring(contentStart, close.start()).strip();
    return content.isEmpty() || content.equals("...") || content.equals("…");
  }

  /** True when {@code text} may hold a tag: it names {@code private} in any case. */
  static boolean mayHold(String text) {
    for (int i = text.indexOf('p'), j = text.indexOf('P'); i >= 0 || j >= 0; ) {
      int at = i < 0 ? j : j < 0 ? i : Math.min(i, j);
      if (text.regionMatches(true, at, NAME, 0, NAME.length())) {
        return true;
      }
      if (at == i) {
        i = text.indexOf('p', i + 1);
      } else {
        j = text.indexOf('P', j + 1);
      }
    }
    return false;
  }

  private static List<Tag> tags(String text) {
    List<Tag> tags = new ArrayList<>();
    if (!mayHold(text)) {
      return tags;
    }
    for (int at = indexOfName(text, 0); at >= 0; at = indexOfName(text, at + NAME.length())) {
      int afterName = at + NAME.length();
      if (afterName < text.length() && (Character.isLetterOrDigit(text.charAt(afterName)) || text.charAt(afterName) == '-'
          || text.charAt(afterName) == '_')) {
        continue; // privateKey, private-key: another word
      }
      int before = back(text, at);
      boolean closing = before > 0 && text.charAt(before - 1) == '/';
      if (closing) {
        before = back(text, before - 1);
      }
      int start = opening(text, before);
      if (start < 0) {
        continue;
      }
      int bracket = bracketAfter(text, afterName, closing);
      if (bracket < 0) {
        continue;
      }
      int last = back(text, bracket);
      boolean selfClosing = !closing && last > afterName && text.charAt(last - 1) == '/';
      if (!selfClosing) {
        tags.add(new Tag(start, bracketEnd(text, bracket), closing));
      }
    }
    return tags;
  }

  private static int indexOfName(String text, int from) {
    for (int i = from; i + NAME.length() <= text.length(); i++) {
      char c = text.charAt(i);
      if ((c == 'p' || c == 'P') && text.regionMatches(true, i, NAME, 0, NAME.length())) {
        return i;
      }
    }
    return -1;
  }

  /** Back from {@code at} over white space. */
  private static int back(String text, int at) {
    while (at > 0 && Character.isWhitespace(text.charAt(at - 1))) {
      at--;
    }
    return at;
  }

  /** Where an opening angle bracket (in any spelling) ends at {@code at} starts, or -1. */
  private static int opening(String text, int at) {
    for (String o : OPEN) {
      if (at >= o.length() && text.startsWith(o, at - o.length())) {
        return at - o.length();
      }
    }
    return -1;
  }

  /**
   * Where the closing angle bracket after a tag's name starts: at once (after white space) for a closing tag, after
   * attributes for an opening one; -1 when there is none within {@link #MAX_TAG} characters.
   */
  private static int bracketAfter(String text, int from, boolean closingTag) {
    int limit = Math.min(text.length(), from + MAX_TAG);
    for (int i = from; i < limit; i++) {
      if (bracketEnd(text, i) > i) {
        return i;
      }
      char ch = text.charAt(i);
      if (ch == '<' || closingTag && !Character.isWhitespace(ch)) {
        return -1;
      }
      if (i == from && !Character.isWhitespace(ch) && ch != '/' && ch != '&' && ch != '\\') {
        return -1;
      }
    }
    return -1;
  }

  /** The end of a closing angle bracket (in any spelling) starting at {@code i}, or {@code i}. */
  private static int bracketEnd(String text, int i) {
    for (String c : CLOSE) {
      if (text.startsWith(c, i)) {
        return i + c.length();
      }
    }
    return i;
  }
}
