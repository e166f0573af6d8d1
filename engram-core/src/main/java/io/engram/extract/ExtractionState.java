package io.engram.extract;

import io.engram.transcript.TranscriptCheckpoint;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How far per-turn extraction got in one session.
 *
 * @param sessionId the session
 * @param processedMessages the messages {@code [0, processedMessages)} of its transcript were read
 * @param lastUuid the uuid of the last message read, when the source has uuids
 * @param updatedAt when the last pass finished
 * @param runs how many passes wrote state
 * @param readPoint where in the transcript file the pass stopped, when it read a file (the next pass reads
 *     on from there)
 */
record ExtractionState(
    String sessionId, int processedMessages, Optional<String> lastUuid, Instant updatedAt, int runs,
    Optional<TranscriptCheckpoint> readPoint) {
  public ExtractionState {
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(readPoint, "readPoint");
    Objects.requireNonNull(lastUuid, "lastUuid");
    Objects.requireNonNull(updatedAt, "updatedAt");
    if (processedMessages < 0 || runs < 0) {
      throw new IllegalArgumentException("extraction state counts must not be negative");
    }
  }
}
