package io.engram.config;

/**
 * Auto memory: where it lives, how much of the index loads and how large a memory may be. {@code
 * maxMemoryBytes} (64 KB) is the largest memory a write accepts, its description and body in UTF-8, from
 * every surface (command line, MCP, extraction, the dream, team sync); a larger one is refused with an
 * error naming the limit, never cut. 64 KB is sixteen times what recall injects of one file ({@code
 * recall.bytesPerFile}), room for a long reference note, yet far below a pasted build log. {@code
 * maxTopicBytes} (1 MB) bounds what is read of one topic file, which a person may have written larger. A line of
 * MEMORY.md over {@code indexMaxLineBytes} (4 KB, ten times a long entry) is not an index line but something pasted
 * or broken: it is skipped and reported rather than spending a sixth of the index's bytes.
 * Every change to a memory keeps its versions in the store's history: at most {@code historyMaxVersions} (50)
 * per memory and {@code historyMaxBytes} (16 MiB) per store, the oldest versions dropped first (a memory's
 * oldest versions past its cap; past the store's, the histories of the memories changed longest ago, whole).
 * {@code review} says whether what extraction and the dream learn is written at once ({@code off}) or proposed
 * to the review inbox for the person to accept, edit or reject ({@code propose}); the last {@code rejectedKept}
 * rejected proposals are remembered, so that one is not proposed again.
 */
public record MemorySettings(
    @Setting(byDefault = "engram", help = "Where a project's memories live: engram (under Engram's home) or"
        + " claude_code (Claude Code's project directory, shared with it)") Layout layout,
    @Setting(byDefault = "~/.claude", help = "Claude Code's home, for the claude_code layout") String claudeHome,
    @Setting(byDefault = "false", help = "Whether each git worktree of a repository keeps memories of its own")
        boolean isolateWorktrees,
    @Setting(byDefault = "200", min = 1, help = "Lines of MEMORY.md loaded into a session") int indexMaxLines,
    @Setting(byDefault = "25_000", min = 1, help = "Bytes of MEMORY.md loaded into a session") int indexMaxBytes,
    @Setting(byDefault = "4_096", min = 1, help = "Longest line of MEMORY.md loaded into a session; a longer one is"
        + " skipped and reported") int indexMaxLineBytes,
    @Setting(byDefault = "4_194_304", min = 1_024, help = "Most bytes of MEMORY.md read whole, to check its lines"
        + " against the files or to rewrite it; past them it is checked in part and left as it is, and says so")
        int indexMaxReadBytes,
    @Setting(byDefault = "1_048_576", min = 1, help = "Most bytes read of one topic file") int maxTopicBytes,
    @Setting(byDefault = "65_536", min = 1, help = "Largest memory a write accepts (description and body); a"
        + " larger one is refused, never cut") int maxMemoryBytes,
    @Setting(byDefault = "30", min = 0, help = "Days the trash keeps a forgotten memory") int trashRetentionDays,
    @Setting(byDefault = "50", min = 1, help = "Versions kept of one memory") int historyMaxVersions,
    @Setting(byDefault = "16_777_216", min = 65_536, help = "Bytes of history kept per memory directory, the"
        + " oldest dropped first") int historyMaxBytes,
    @Setting(byDefault = "off", help = "off: extraction and the dream write what they learn; propose: they"
        + " propose it to the review inbox") Review review,
    @Setting(byDefault = "500", min = 0, help = "Rejected proposals the review inbox keeps, so that they are not"
        + " proposed again (the oldest dropped)") int rejectedKept) implements SettingsSection<MemorySettings> {
  public static final MemorySettings DEFAULTS = SettingDeclarations.defaults(MemorySettings.class);

  /** Whether learnt memories are written at once or proposed to the review inbox first. */
  public enum Review {
    /** Extraction and the dream write what they learn. */
    OFF,
    /** Extraction and the dream propose; a person accepts, edits or rejects each proposal in the inbox. */
    PROPOSE
  }

  /** Where the per-project memory directory lives. */
  public enum Layout {
    /** {@code <engram-home>/projects/<project-key>/memory/}. */
    ENGRAM,
    /** {@code ~/.claude/projects/<sanitized-path>/memory/}, shared with Claude Code. */
    CLAUDE_CODE
  }
}
