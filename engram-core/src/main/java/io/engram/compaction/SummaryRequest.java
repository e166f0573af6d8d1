package io.engram.compaction;

import java.util.List;

/**
 * What the degradation ladder asks a {@link Summarizer} for.
 *
 * @param attempt 1 for the first summary, 2 and up for re-compactions
 * @param prompt the full instruction ({@link CompactionPrompt#standard} or {@link CompactionPrompt#degraded})
 * @param degraded whether this is a re-compaction, which should compress less and keep more key information
 * @param advice the advice of the failed score (empty on the first attempt), for summarizers that do
 *     not read the prompt (the offline one)
 */
record SummaryRequest(int attempt, String prompt, boolean degraded, List<String> advice) {

  public SummaryRequest {
    advice = List.copyOf(advice);
  }
}
