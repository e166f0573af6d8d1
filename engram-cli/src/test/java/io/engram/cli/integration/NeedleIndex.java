package io.engram.cli.integration;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which of many strings (the needles) a text holds, in one pass over the text however many needles there are: the
 * secrets tests search thousands of files for thousands of secrets, which string by string cost them more than
 * everything they drove (16 s of a 64 s test). A needle of digits only is found as a whole number alone, never
 * inside a longer one (the regular expression {@code (?<!\d)NEEDLE(?!\d)}, with {@code \d} the ASCII digits); any
 * other is found wherever it stands, as {@link String#contains} finds it.
 *
 * <p>Each needle is filed under a hash of its first {@code width} characters (the shortest needle's length, at most
 * eight); the text's every window of that width is hashed as it rolls past, and only a window whose hash some needle
 * has is compared, character by character, with those needles.
 */
final class NeedleIndex {
  private static final long BASE = 0x100000001b3L;
  private static final int FILTER_BITS = 22;

  private final int width;
  private final long dropFactor;
  private final BitSet filter = new BitSet(1 << FILTER_BITS);
  private final Map<Long, List<String>> byWindow = new HashMap<>();

  NeedleIndex(Collection<String> needles) {
    if (needles.isEmpty() || needles.stream().anyMatch(String::isEmpty)) {
      throw new IllegalArgumentException("needles must be given, none of them empty");
    }
    width = Math.min(8, needles.stream().mapToInt(String::length).min().orElseThrow());
    long factor = 1;
    for (int i = 1; i < width; i++) {
      factor *= BASE;
    }
    dropFactor = factor;
    for (String needle : new HashSet<>(needles)) {
      long hash = hash(needle, 0);
      filter.set(slot(hash));
      byWindow.computeIfAbsent(hash, h -> new ArrayList<>()).add(needle);
    }
  }

  /** The needles that {@code text} holds. */
  Set<String> foundIn(String text) {
    Set<String> found = new HashSet<>();
    if (text.length() < width) {
      return found;
    }
    long hash = hash(text, 0);
    for (int at = 0; ; at++) {
      if (filter.get(slot(hash))) {
        for (String needle : byWindow.getOrDefault(hash, List.of())) {
          if (text.startsWith(needle, at) && (!digitsOnly(needle) || wholeNumberAt(text, at, needle.length()))) {
            found.add(needle);
          }
        }
      }
      if (at + width >= text.length()) {
        return found;
      }
      hash = (hash - text.charAt(at) * dropFactor) * BASE + text.charAt(at + width);
    }
  }

  /** Whether {@code needle} is all digits, and so found only as a whole number (as the tests' secrets are). */
  static boolean digitsOnly(String needle) {
    return needle.chars().allMatch(Character::isDigit);
  }

  private long hash(String s, int from) {
    long hash = 0;
    for (int i = from; i < from + width; i++) {
      hash = hash * BASE + s.charAt(i);
    }
    return hash;
  }

  private static int slot(long hash) {
    return (int) ((hash * 0x9E3779B97F4A7C15L) >>> (64 - FILTER_BITS));
  }

  private static boolean wholeNumberAt(String text, int at, int length) {
    return (at == 0 || !asciiDigit(text.charAt(at - 1)))
        && (at + length == text.length() || !asciiDigit(text.charAt(at + length)));
  }

  private static boolean asciiDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
