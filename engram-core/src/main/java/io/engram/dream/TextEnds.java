package io.engram.dream;

import java.util.function.IntPredicate;

/**
 * Trims characters off the ends of a text by hand. A pattern such as {@code [.,;]+$} retries from every
 * position of a run that does not reach the end, which is quadratic in the run; these loops are linear.
 */
final class TextEnds {
  private TextEnds() {}

  /** {@code text} without the characters at its end that {@code drop} accepts. */
  static String dropTrailing(String text, IntPredicate drop) {
    int end = text.length();
    while (end > 0 && drop.test(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end);
  }

  /** {@code text} without the characters at its start that {@code drop} accepts. */
  static String dropLeading(String text, IntPredicate drop) {
    int start = 0;
    while (start < text.length() && drop.test(text.charAt(start))) {
      start++;
    }
    return text.substring(start);
  }

  /** A predicate for the characters of {@code chars}. */
  static IntPredicate anyOf(String chars) {
    return c -> chars.indexOf(c) >= 0;
  }
}
