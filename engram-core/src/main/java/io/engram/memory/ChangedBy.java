package io.engram.memory;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Which surface changed a memory, as its history records it. */
public enum ChangedBy {
  /** The command line ({@code engram remember}, {@code edit}, {@code forget}, {@code restore}). */
  CLI,
  /** The web UI. */
  UI,
  /** An agent through the MCP server. */
  MCP,
  /** The extraction pass over a session's transcript. */
  EXTRACTION,
  /** The dream (a merge, a rewrite, a prune, or the undo of a run). */
  DREAM,
  /** Team sync (a shared copy retired to the trash once the team holds its words). */
  TEAM,
  /** An application hosting Engram as a library (the LangChain4j or Spring AI tools). */
  LIBRARY,
  /** An import ({@code engram import}: a bundle, another Engram home, another agent's own memory). */
  IMPORT,
  /** A person accepting a proposal of the review inbox (what extraction or the dream proposed). */
  REVIEW,
  /**
   * Not Engram: the version was found on disk as it was, written by Claude Code, a person's editor, or before the
   * history was kept.
   */
  OUTSIDE,
  /** A caller that did not say. */
  UNKNOWN;

  /** The spelling the history and the surfaces use: {@code cli}, {@code ui}, {@code mcp}, ... */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The surface spelled {@code text} (case-insensitive), if any. */
  public static Optional<ChangedBy> parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(v -> v.id().equals(t)).findFirst();
  }
}
