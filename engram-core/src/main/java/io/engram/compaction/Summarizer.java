package io.engram.compaction;

/**
 * Writes a compaction summary of the conversation part being compacted: a model with the request's
 * prompt, or the offline extractive compactor. The degradation ladder does not care which.
 */
@FunctionalInterface
interface Summarizer {

  /**
   * The summary text (may hold {@code <analysis>} and {@code <summary>} blocks). A
   * {@link RuntimeException} counts as a failed attempt: the ladder records it and falls back.
   */
  String summarize(SummaryRequest request);
}
