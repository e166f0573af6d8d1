package io.engram.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How a labelled memory is recognised in a written one: every group must have one of its phrases in the
 * text, case-insensitive, as whole words ({@code bd} is not found in {@code abdomen}); a phrase ending in
 * {@code *} matches any ending ({@code migrat*} finds {@code migration} and {@code migrate}).
 */
record PhraseGroups(List<List<String>> groups) {

  PhraseGroups {
    if (groups.isEmpty() || groups.stream().anyMatch(g -> g.isEmpty() || g.stream().anyMatch(String::isBlank))) {
      throw new IllegalArgumentException("a match needs at least one group, each with at least one phrase");
    }
    groups = groups.stream().map(List::copyOf).toList();
  }

  /** True when every group has a phrase in {@code text}. */
  boolean matches(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    return groups.stream().allMatch(g -> g.stream().anyMatch(p -> pattern(p).matcher(lower).find()));
  }

  private static Pattern pattern(String phrase) {
    String p = phrase.strip().toLowerCase(Locale.ROOT);
    boolean prefix = p.endsWith("*");
    List<String> parts = new ArrayList<>();
    for (String piece : (prefix ? p.substring(0, p.length() - 1) : p).split("\\*", -1)) {
      parts.add(Pattern.quote(piece));
    }
    String body = String.join("[\\w-]*", parts);
    return Pattern.compile("(?<![\\p{L}\\p{N}_])" + body + (prefix ? "" : "(?![\\p{L}\\p{N}_])"));
  }
}
