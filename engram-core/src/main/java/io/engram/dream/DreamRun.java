package io.engram.dream;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An applied dream run as its history keeps it ({@link Dream#history}): what it read, its phases, its changes
 * and their unified diff, and whether it was undone or is the run {@link Dream#undo} would take back.
 *
 * @param runId the run's id (its undo journal's name)
 * @param startedAt when it started
 * @param engine which engine decided (the model's name, or offline)
 * @param memories topic files it read
 * @param sessions the sessions it gathered from
 * @param candidates candidates the sessions gave
 * @param phases each phase it went through, in order, with its items and time
 * @param counts how many changes of each kind
 * @param changes one line per change, with why
 * @param problems what it skipped, and why
 * @param purgedTrash trashed files past their retention it deleted
 * @param diff the unified diff of what it wrote
 * @param undone whether it was undone
 * @param undoable whether it is the last run and not undone: the one an undo takes back
 */
public record DreamRun(String runId, Instant startedAt, String engine, int memories, List<String> sessions,
    int candidates, List<Phase> phases, Map<String, Integer> counts, List<String> changes, List<String> problems,
    List<String> purgedTrash, String diff, boolean undone, boolean undoable) {

  /** One phase of a run: its items and how long it took. */
  public record Phase(DreamPhase phase, int items, long millis) {}

  public DreamRun {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(diff, "diff");
    sessions = List.copyOf(sessions);
    phases = List.copyOf(phases);
    counts = Map.copyOf(counts);
    changes = List.copyOf(changes);
    problems = List.copyOf(problems);
    purgedTrash = List.copyOf(purgedTrash);
  }
}
