package io.engram.dream;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a dream run did.
 *
 * @param outcome whether it ran, only planned, found nothing to do, or was stopped by a gate
 * @param gates the gate check it started with
 * @param runId the undo journal's run id when changes were written
 * @param plan the changes it planned (applied unless a dry run); empty when gated
 * @param diff the plan as a unified diff (empty when gated)
 * @param engine which engine decided merges and supersessions ({@code offline}, or {@code provider:model},
 *     with the fallback reason when the model failed)
 * @param memories how many topic files orient read
 * @param sessions the sessions gather read transcripts of, in order
 * @param candidates how many memory candidates gather extracted from them
 * @param problems files orient or gather had to skip, with why
 */
public record DreamResult(
    Outcome outcome,
    GateReport gates,
    Optional<String> runId,
    DreamPlan plan,
    String diff,
    String engine,
    int memories,
    List<String> sessions,
    int candidates,
    List<String> problems) {

  /** How a run ended. */
  public enum Outcome {
    /** The plan was applied. */
    APPLIED,
    /** A dry run: the plan and diff were built, nothing was written. */
    DRY_RUN,
    /** Everything was consolidated already; the run was stamped as a consolidation. */
    NOTHING_TO_DO,
    /** A closed gate stopped the run before it read anything; see {@link GateReport#closed()}. */
    GATED
  }

  public DreamResult {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(gates, "gates");
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(diff, "diff");
    Objects.requireNonNull(engine, "engine");
    sessions = List.copyOf(sessions);
    problems = List.copyOf(problems);
  }

  /** One line per planned change ("merge a.md into b.md: ..."). */
  public List<String> changes() {
    return plan.changes().stream().map(DreamChange::summary).toList();
  }
}
