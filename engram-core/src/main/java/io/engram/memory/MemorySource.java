package io.engram.memory;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Where a memory came from, so that recall can weigh it and tool output never passes for an instruction. */
public enum MemorySource {
  /** The user said it (explicit "remember", a correction). */
  USER,
  /** A model inferred it (extraction, dream). */
  MODEL,
  /** It was read from tool output or a file. */
  TOOL,
  /** It was imported from elsewhere (another store, a team server). */
  IMPORT,
  /** What a session did established it (commands the agent ran repeatedly with success), not anyone's words. */
  SESSION;

  /** The spelling used in frontmatter: {@code user}, {@code model}, {@code tool}, {@code import}, {@code session}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The source spelled {@code text} (case-insensitive), if any. */
  public static Optional<MemorySource> parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(v -> v.id().equals(t)).findFirst();
  }
}
