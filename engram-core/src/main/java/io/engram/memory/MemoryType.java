package io.engram.memory;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The four kinds of memory: user, feedback, project and reference; the set is closed. */
public enum MemoryType {
  /** Who the user is: role, preferences, knowledge. Always private. */
  USER,
  /** Corrections and confirmed ways of working. Private by default. */
  FEEDBACK,
  /** State of the work, decisions, deadlines. Shareable with the team. */
  PROJECT,
  /** Pointers to outside systems: dashboards, trackers, docs. Shareable with the team. */
  REFERENCE;

  /** The spelling used in frontmatter and on the command line: {@code user}, {@code feedback}... */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** True for the types that may be shared with a team ({@code project}, {@code reference}). */
  public boolean shareable() {
    return this == PROJECT || this == REFERENCE;
  }

  /** The type spelled {@code text} (case-insensitive, surrounding blanks ignored), if any. */
  public static Optional<MemoryType> parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(v -> v.id().equals(t)).findFirst();
  }

  /** {@code user | feedback | project | reference}, for error messages. */
  public static String choices() {
    return Arrays.stream(values()).map(MemoryType::id).collect(Collectors.joining(" | "));
  }
}
