package io.engram.compaction;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * One step of the degradation ladder, for the {@code steps} of the compaction's JSON output.
 *
 * @param number 1-based position in the ladder run
 * @param action what was done
 * @param detail one sentence on why, for people
 * @param score the score of the summary this step produced or judged, if any
 */
public record LadderStep(
    int number, Action action, String detail, @JsonIgnore Optional<CompactionScore> score) {

  /** For JSON output: the score, or absent (Jackson core cannot write {@link Optional}). */
  @JsonProperty("score")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  CompactionScore scoreForJson() {
    return score.orElse(null);
  }

  /** What a ladder step did. */
  public enum Action {
    /** Asked for the first summary with the standard prompt. */
    SUMMARIZE,
    /** Asked again with the degraded prompt, after a score in the retry band. */
    RECOMPACT,
    /** The summarizer threw; its message is in the detail. */
    SUMMARIZER_FAILED,
    /** Added the original key fragments a summary lost to their sections. */
    KEEP_FRAGMENTS,
    /** Took a summary whose score reached the pass mark. */
    ACCEPT,
    /** Gave up on summaries and kept the most recent share of the messages. */
    TRUNCATE,
    /**
     * A part of the compaction failed on this transcript and was left out or stood in for; the detail names
     * the part and the failure.
     */
    DEGRADED
  }
}
