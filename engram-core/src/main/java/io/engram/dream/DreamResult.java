package io.engram.dream;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a dream run did: how it ended, the gate check it started with, the changes it planned (applied
 * unless a dry run; none when gated) as lines, counts and a unified diff, which engine decided, and what
 * it read.
 */
public final class DreamResult {
  private final Outcome outcome;
  private final GateReport gates;
  private final Optional<String> runId;
  private final DreamPlan plan;
  private final String diff;
  private final String engine;
  private final int memories;
  private final List<String> sessions;
  private final int candidates;
  private final List<String> problems;
  private final List<String> purgedTrash;
  private final List<String> proposed;

  /** How a run ended. */
  public enum Outcome {
    /** The plan was applied. */
    APPLIED,
    /**
     * The changes to memories wait in the review inbox ({@code memory.review} at PROPOSE), one proposal each
     * ({@link DreamResult#proposed()}), and no memory was written; the index's upkeep (MEMORY.md's pointers to missing
     * files, second pointers, lines past its limits) was applied, undoable, when there was any: then the result has a
     * run id and that upkeep is its {@link DreamResult#changes()}.
     */
    PROPOSED,
    /** A dry run: the plan and diff were built, nothing was written. */
    DRY_RUN,
    /** Everything was consolidated already; the run was stamped as a consolidation. */
    NOTHING_TO_DO,
    /** A closed gate stopped the run before it read anything; see {@link GateReport#closed()}. */
    GATED,
    /**
     * Planning ran past {@code dream.timeBudgetSeconds}: nothing was applied, the lock was released and the
     * next run starts over; {@link DreamResult#problems()} says so.
     */
    TIMED_OUT
  }

  DreamResult(Outcome outcome, GateReport gates, Optional<String> runId, DreamPlan plan, String diff, String engine,
      int memories, List<String> sessions, int candidates, List<String> problems, List<String> purgedTrash,
      List<String> proposed) {
    this.outcome = Objects.requireNonNull(outcome, "outcome");
    this.gates = Objects.requireNonNull(gates, "gates");
    this.runId = Objects.requireNonNull(runId, "runId");
    this.plan = Objects.requireNonNull(plan, "plan");
    this.diff = Objects.requireNonNull(diff, "diff");
    this.engine = Objects.requireNonNull(engine, "engine");
    this.memories = memories;
    this.sessions = List.copyOf(sessions);
    this.candidates = candidates;
    this.problems = List.copyOf(problems);
    this.purgedTrash = List.copyOf(purgedTrash);
    this.proposed = List.copyOf(proposed);
  }

  /** Whether it ran, only planned, found nothing to do, or was stopped by a gate. */
  public Outcome outcome() {
    return outcome;
  }

  /** The gate check it started with. */
  public GateReport gates() {
    return gates;
  }

  /** The undo journal's run id, when changes were written. */
  public Optional<String> runId() {
    return runId;
  }

  /** The changes it planned, for the engine and its tests. */
  DreamPlan plan() {
    return plan;
  }

  /** The plan as a unified diff (empty when gated). */
  public String diff() {
    return diff;
  }

  /**
   * Which engine decided merges and supersessions ({@code offline}, or {@code provider:model}, with the
   * fallback reason when the model failed).
   */
  public String engine() {
    return engine;
  }

  /** How many topic files orient read. */
  public int memories() {
    return memories;
  }

  /** The sessions gather read transcripts of, in order. */
  public List<String> sessions() {
    return sessions;
  }

  /** How many memory candidates gather extracted from them. */
  public int candidates() {
    return candidates;
  }

  /** Files orient or gather had to skip, with why. */
  public List<String> problems() {
    return problems;
  }

  /**
   * The trash entries the run deleted for being older than {@code memory.trashRetentionDays}, relative to
   * the memory directory (none for a dry run, which deletes nothing).
   */
  public List<String> purgedTrash() {
    return purgedTrash;
  }

  /**
   * One line per change the run proposed to the review inbox ({@link Outcome#PROPOSED}); empty for every other
   * outcome. A change already waiting there, or rejected, is not proposed again and is named in {@link #problems()}.
   */
  public List<String> proposed() {
    return proposed;
  }

  /** One line per planned change ("merge a.md into b.md: ..."), applied unless a dry run or proposed. */
  public List<String> changes() {
    return plan.changes().stream().map(DreamChange::summary).toList();
  }

  /** How many changes of each kind were planned ({@code merge}, {@code supersede}, ...). */
  public Map<String, Integer> counts() {
    return plan.counts();
  }

  /** A run the gates kept from starting: nothing planned. */
  static DreamResult gated(GateReport gates) {
    return new DreamResult(Outcome.GATED, gates, Optional.empty(), DreamPlan.EMPTY, "", "none", 0, List.of(), 0,
        List.of(), List.of(), List.of());
  }

  /** A run whose planning ran past its budget of {@code seconds}: nothing applied, {@code purged} already gone. */
  static DreamResult timedOut(GateReport gates, int seconds, List<String> purged) {
    return new DreamResult(Outcome.TIMED_OUT, gates, Optional.empty(), DreamPlan.EMPTY, "", "none", 0, List.of(), 0,
        List.of("stopped after " + seconds + " s (dream.timeBudgetSeconds) before its plan was complete: nothing was"
            + " applied and the lock was released; the next run starts over"), purged, List.of());
  }

  /** A run that planned {@code p} and ended as {@code outcome}. */
  static DreamResult of(Outcome outcome, GateReport gates, Optional<String> runId, Consolidation.Planned p,
      List<String> purged, List<String> proposed) {
    return new DreamResult(outcome, gates, runId, p.plan(), DreamDiff.render(p.plan()), p.engine(), p.memories(),
        p.sessions(), p.candidates(), p.problems(), purged, proposed);
  }
}
