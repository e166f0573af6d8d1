package io.engram.notes;

import java.util.Objects;
import java.util.Optional;

/**
 * What one run of {@link SessionNotesKeeper#update} decided and did.
 *
 * @param sessionId the session
 * @param action what the schedule said ({@link NotesAction#WAIT} means nothing was written)
 * @param forced true when the caller forced the update, whether or not the schedule was due ({@code reason}
 *     says which)
 * @param growth what the schedule measured: the context now and since the last update
 * @param notes the notes now (the stored ones when nothing was written; empty when none exist)
 * @param engine {@code offline} or {@code provider:model}; empty when nothing ran
 * @param fallbackReason why the offline engine ran although a model was configured
 * @param reason a sentence for people: why this action
 */
public record NotesUpdate(
    String sessionId,
    NotesAction action,
    boolean forced,
    Growth growth,
    SessionNotes notes,
    Optional<String> engine,
    Optional<String> fallbackReason,
    String reason) {

  public NotesUpdate {
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(growth, "growth");
    Objects.requireNonNull(notes, "notes");
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(fallbackReason, "fallbackReason");
    Objects.requireNonNull(reason, "reason");
  }

  /** True when notes were written, which is exactly when an engine ran. */
  public boolean written() {
    return engine.isPresent();
  }

  /**
   * How far the session got since the notes last covered it, as the schedule measured it.
   *
   * @param contextTokens context tokens at the update point
   * @param tokensAtLastUpdate the baseline the growth was measured from, if notes existed
   * @param toolCallsSinceLastUpdate tool calls in the messages not yet covered
   * @param fromMessage first message not covered before this run
   * @param toMessage the update point (exclusive)
   */
  public record Growth(long contextTokens, Optional<Long> tokensAtLastUpdate, int toolCallsSinceLastUpdate,
      int fromMessage, int toMessage) {
    public Growth {
      Objects.requireNonNull(tokensAtLastUpdate, "tokensAtLastUpdate");
    }
  }
}
