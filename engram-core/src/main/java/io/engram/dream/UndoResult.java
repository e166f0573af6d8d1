package io.engram.dream;

import java.util.List;

/**
 * What {@link UndoJournal#undo()} did.
 *
 * @param runId the dream run that was undone
 * @param restored files put back to their content before the run
 * @param removed files the run had created, moved aside to {@code .dream/undo/<run-id>/removed/}
 * @param kept files changed since the run (by a person or another writer), left as they are, each with why
 */
public record UndoResult(String runId, List<String> restored, List<String> removed, List<Kept> kept) {
  public UndoResult {
    restored = List.copyOf(restored);
    removed = List.copyOf(removed);
    kept = List.copyOf(kept);
  }

  /**
   * A file the undo left as it is.
   *
   * @param path the file, relative to the memory directory
   * @param why what changed since the run, and what the undo did about it
   */
  public record Kept(String path, String why) {}
}
