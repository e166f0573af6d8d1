package io.engram.memory;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The four kinds of memory: user, feedback, project and reference; the set is closed. Each says what it is for
 * ({@link #purpose()}), in the words help texts and tool descriptions use.
 */
public enum MemoryType {
  /** Who the user is: role, preferences, knowledge. Always private. */
  USER("who you are: your role, background and what you know, so answers fit you (private)"),
  /** Corrections and confirmed ways of working. Private by default. */
  FEEDBACK("how you want the agent to work: a correction (what not to do, what to do instead, why) or an"
      + " approach you confirmed; sent at every session start"),
  /** State of the work, decisions, deadlines. Shareable with the team. */
  PROJECT("facts about the work the code does not show: decisions, deadlines, which tools, who owns what"
      + " (shareable with the team)"),
  /** Pointers to outside systems: dashboards, trackers, docs. Shareable with the team. */
  REFERENCE("where to look outside the code: dashboards, trackers, docs, runbooks (shareable with the team)");

  private final String purpose;

  MemoryType(String purpose) {
    this.purpose = purpose;
  }

  /** What a memory of this type is for, in one line for a person choosing a type. */
  public String purpose() {
    return purpose;
  }

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
