package io.engram.recall;

import java.util.Objects;
import java.util.Optional;

/**
 * What recall searches for: the person's words and, when known, what the agent has been doing.
 *
 * @param text the prompt or question, searched by keywords and vectors
 * @param activity the recent activity ({@link RecentActivity}: files being edited, the last error), searched
 *     beside the text with the weight {@code recall.contextShare}; empty when unknown
 */
public record RecallQuery(String text, Optional<String> activity) {
  /** Validates; a blank activity counts as none. */
  public RecallQuery {
    Objects.requireNonNull(text, "text");
    activity = Objects.requireNonNull(activity, "activity").filter(a -> !a.isBlank());
  }

  /** A query of the text alone, as {@link #ofPrompt} reads it. */
  public static RecallQuery of(String text) {
    return ofPrompt(text, Optional.empty());
  }

  /**
   * The query for what a person typed: its own words, and only the lines that say what went wrong of any output
   * pasted into it ({@link PastedText}), with the recent {@code activity}.
   */
  public static RecallQuery ofPrompt(String prompt, Optional<String> activity) {
    return new RecallQuery(PastedText.focus(prompt), activity);
  }
}
