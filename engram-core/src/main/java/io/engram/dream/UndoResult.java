package io.engram.dream;

import java.util.List;

/**
 * What {@link UndoJournal#undo()} did.
 *
 * @param runId the dream run that was undone
 * @param restored files put back to their content before the run
 * @param removed files the run had created, moved aside to {@code .dream/undo/<run-id>/removed/}
 */
public record UndoResult(String runId, List<String> restored, List<String> removed) {
  public UndoResult {
    restored = List.copyOf(restored);
    removed = List.copyOf(removed);
  }
}
