package io.engram.compaction;

import java.util.List;
import java.util.Optional;

/**
 * How the degradation ladder ended.
 *
 * @param result which rung it ended on
 * @param summary the accepted summary in canonical form ({@link SummarySections#render}); empty when truncated
 * @param score the accepted summary's score; empty when truncated
 * @param steps every step taken, in order
 * @param keepFromMessage when truncated, the index of the first message to keep (the messages from it to
 *     the end are the most recent share); 0 otherwise
 */
public record LadderOutcome(
    Result result, String summary, Optional<CompactionScore> score, List<LadderStep> steps, int keepFromMessage) {

  /** The rung the ladder ended on. */
  public enum Result {
    /** A summary passed as written (first attempt or a re-compaction). */
    SUMMARY,
    /** A summary passed once the original key fragments it lost were added. */
    SUMMARY_WITH_FRAGMENTS,
    /** No summary passed; the oldest messages are dropped instead. */
    TRUNCATED
  }

  public LadderOutcome {
    steps = List.copyOf(steps);
  }
}
