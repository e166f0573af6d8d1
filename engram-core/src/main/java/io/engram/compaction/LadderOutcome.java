package io.engram.compaction;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Optional;

/**
 * How the degradation ladder ended.
 *
 * @param result which rung it ended on
 * @param summary the accepted summary in canonical form ({@link SummarySections#render}); when truncated, the best
 *     summary that reached the retry band, or empty when none did
 * @param score that summary's score; empty when there is none
 * @param steps every step taken, in order
 * @param keepFromMessage when truncated, the index of the first message to keep (the messages from it to
 *     the end are the most recent share); 0 otherwise
 */
record LadderOutcome(
    Result result,
    String summary,
    @JsonIgnore Optional<CompactionScore> score,
    List<LadderStep> steps,
    int keepFromMessage) {

  /** For JSON output: the score, or absent (Jackson core cannot write {@link Optional}). */
  @JsonProperty("score")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  CompactionScore scoreForJson() {
    return score.orElse(null);
  }

  /** The rung the ladder ended on. */
  public enum Result {
    /** A summary passed as written (first attempt or a re-compaction). */
    SUMMARY,
    /** A summary passed once the original key fragments it lost were added. */
    SUMMARY_WITH_FRAGMENTS,
    /** No summary passed; the oldest messages are dropped, and the best summary is kept only if it came close. */
    TRUNCATED
  }

  public LadderOutcome {
    steps = List.copyOf(steps);
  }
}
