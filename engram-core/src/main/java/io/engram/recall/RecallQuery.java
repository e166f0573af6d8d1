package io.engram.recall;

import java.util.Objects;
import java.util.Optional;

/**
 * What recall searches for: the person's words and, when known, what the agent has been doing.
 *
 * @param text the prompt or question, searched by keywords and vectors
 * @param activity the recent activity ({@link RecentActivity}: files being edited, the last error), searched
 *     beside the text with the weight {@code recall.contextShare}; empty when unknown
 * @param kind whether someone asked ({@link RecallKind#SEARCH}) or the memories go unasked beside a prompt ({@link
 *     RecallKind#INJECTION}), which sets the relevance floor
 */
public record RecallQuery(String text, Optional<String> activity, RecallKind kind) {
  /** Validates; a blank activity counts as none. */
  public RecallQuery {
    Objects.requireNonNull(text, "text");
    activity = Objects.requireNonNull(activity, "activity").filter(a -> !a.isBlank());
    Objects.requireNonNull(kind, "kind");
  }

  /** A search someone asked for ({@link RecallKind#SEARCH}). */
  public RecallQuery(String text, Optional<String> activity) {
    this(text, activity, RecallKind.SEARCH);
  }

  /** A search someone asked for, of the text alone, read as {@link #ofPrompt} reads a prompt. */
  public static RecallQuery of(String text) {
    return new RecallQuery(PastedText.focus(ends(text)), Optional.empty(), RecallKind.SEARCH);
  }

  /** The memories to send unasked beside {@code text} ({@link RecallKind#INJECTION}), read as {@link #ofPrompt} does. */
  public static RecallQuery injected(String text) {
    return ofPrompt(text, Optional.empty());
  }

  /**
   * How much of each end of a prompt is searched when the prompt is longer than both together. A person's own words
   * open or close what they paste, and the middle of a huge paste is more of it; every scan of the query (pasted
   * lines, keywords, function words, dates, the model's tokens) then reads at most twice this, where a 5 MB prompt
   * cost the UserPromptSubmit hook some 12 s of processor (docs/BENCHMARKS.md, "A huge prompt"). Two ends of 8 KiB
   * hold several screens of text, over ten times the 512 tokens the embedding model reads and the 300 distinct terms
   * the keyword query keeps, so no prompt a person types is cut.
   */
  static final int PROMPT_END_CHARS = 8 * 1024;

  /**
   * The query for what a person typed, to send memories beside it unasked ({@link RecallKind#INJECTION}): its own
   * words, and only the lines that say what went wrong of any output pasted into it ({@link PastedText}), with the
   * recent {@code activity}; of a prompt over twice {@value #PROMPT_END_CHARS} characters, only its two ends ({@link
   * #ends}).
   */
  public static RecallQuery ofPrompt(String prompt, Optional<String> activity) {
    return new RecallQuery(PastedText.focus(ends(prompt)), activity, RecallKind.INJECTION);
  }

  /**
   * {@code prompt} when it is at most twice {@value #PROMPT_END_CHARS} characters long, else its first and last
   * {@value #PROMPT_END_CHARS} characters on two lines, each end cut at a line break when one falls in its second
   * half (so no line is searched in part), never inside a surrogate pair.
   */
  static String ends(String prompt) {
    if (prompt.length() <= 2 * PROMPT_END_CHARS) {
      return prompt;
    }
    int headEnd = prompt.lastIndexOf('\n', PROMPT_END_CHARS);
    if (headEnd < PROMPT_END_CHARS / 2) {
      headEnd = PROMPT_END_CHARS;
      if (Character.isHighSurrogate(prompt.charAt(headEnd - 1))) {
        headEnd--;
      }
    }
    int tailFrom = prompt.length() - PROMPT_END_CHARS;
    int lineStart = prompt.indexOf('\n', tailFrom);
    if (lineStart >= 0 && lineStart < tailFrom + PROMPT_END_CHARS / 2) {
      tailFrom = lineStart + 1;
    } else if (Character.isLowSurrogate(prompt.charAt(tailFrom))) {
      tailFrom++;
    }
    return prompt.substring(0, headEnd) + "\n" + prompt.substring(tailFrom);
  }
}
