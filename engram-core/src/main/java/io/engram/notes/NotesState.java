package io.engram.notes;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a session's notes stand: how much of the transcript they cover and the context size when they
 * were last written (the baseline of {@link NotesSchedule}).
 *
 * @param sessionId the session
 * @param coveredMessages the notes cover the transcript's messages {@code [0, coveredMessages)}
 * @param lastUuid the uuid of the last covered message, when the source has uuids
 * @param tokensAtLastUpdate context tokens when the notes were last written
 * @param updates how many times the notes were written
 * @param updatedAt when they were last written
 * @param engine which engine wrote them last ({@code offline} or {@code provider:model})
 */
public record NotesState(
    String sessionId,
    int coveredMessages,
    Optional<String> lastUuid,
    long tokensAtLastUpdate,
    int updates,
    Instant updatedAt,
    String engine) {

  public NotesState {
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(lastUuid, "lastUuid");
    Objects.requireNonNull(updatedAt, "updatedAt");
    Objects.requireNonNull(engine, "engine");
    if (coveredMessages < 0 || tokensAtLastUpdate < 0 || updates < 0) {
      throw new IllegalArgumentException("notes state counts must not be negative: " + coveredMessages
          + ", " + tokensAtLastUpdate + ", " + updates);
    }
  }
}
