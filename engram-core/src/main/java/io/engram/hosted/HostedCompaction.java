package io.engram.hosted;

import io.engram.compaction.CompactionResult;
import io.engram.recall.StandingMemories;
import java.util.Objects;

/**
 * A compacted conversation: Engram's compaction of its messages, and the message that replaces them.
 *
 * @param result the compaction (summary, score, what was restored and lost)
 * @param standing the project's standing rules sent again after the summary, word for word, and which did not fit
 */
public record HostedCompaction(CompactionResult result, StandingMemories standing) {
  private static final String OPENING = "This conversation is being continued from an earlier part that ran out"
      + " of context. The summary below covers the earlier portion of the conversation.\n\n";

  public HostedCompaction {
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(standing, "standing");
  }

  /**
   * The text that stands for the compacted messages at the start of the conversation, as Claude Code
   * words it: the conversation continues from a summary that keeps the user's messages and open tasks; then the
   * standing rules, whole, as a session's start sends them, since a summary keeps what was done and not every rule.
   */
  public String continuation() {
    return OPENING + result.summary() + (standing.text().isEmpty() ? "" : "\n\n" + standing.text());
  }

  /**
   * True when {@code text} is a {@link #continuation()}: a framework's message holding an earlier
   * compaction, which a later compaction reads as a summary, not as something the user said.
   */
  public static boolean isContinuation(String text) {
    return text.startsWith(OPENING);
  }
}
