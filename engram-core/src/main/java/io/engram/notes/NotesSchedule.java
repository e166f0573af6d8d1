package io.engram.notes;

import io.engram.config.NotesSettings;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * When to write session notes: start once the context holds at least
 * {@code startTokens}; after that, update only when the context grew by at least
 * {@code updateGrowthTokens} since the last update <em>and</em> at least {@code updateToolCalls}
 * tool calls happened since.
 *
 * <p>Growth is measured from the context size recorded at the last update; after a compaction
 * shrinks the context, the caller records the new size as the baseline, otherwise growth stays negative
 * and the pass waits.
 */
final class NotesSchedule {
  private final NotesSettings settings;

  /** A schedule with the thresholds of {@code settings}. */
  public NotesSchedule(NotesSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /**
   * Decides what to do now.
   *
   * @param contextTokens tokens in the context window now
   * @param tokensAtLastUpdate context tokens when the notes were last written; empty if never
   * @param toolCallsSinceLastUpdate tool calls since that update (ignored before the first notes)
   */
  public NotesAction decide(long contextTokens, OptionalLong tokensAtLastUpdate, int toolCallsSinceLastUpdate) {
    if (contextTokens < 0 || toolCallsSinceLastUpdate < 0) {
      throw new IllegalArgumentException(
          "negative counts: contextTokens=" + contextTokens + ", toolCalls=" + toolCallsSinceLastUpdate);
    }
    if (tokensAtLastUpdate.isEmpty()) {
      return contextTokens >= settings.startTokens() ? NotesAction.START : NotesAction.WAIT;
    }
    long growth = contextTokens - tokensAtLastUpdate.getAsLong();
    return growth >= settings.updateGrowthTokens() && toolCallsSinceLastUpdate >= settings.updateToolCalls()
        ? NotesAction.UPDATE
        : NotesAction.WAIT;
  }
}
