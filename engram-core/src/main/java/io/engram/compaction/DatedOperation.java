package io.engram.compaction;

import io.engram.transcript.FileOperation;
import java.time.Instant;
import java.util.Objects;

/**
 * One operation of the agent on a file and when it happened, as FileScore counts it.
 *
 * @param operation read, write (create or overwrite) or edit (change in place)
 * @param at when it happened
 */
record DatedOperation(FileOperation operation, Instant at) {

  DatedOperation {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(at, "at");
  }
}
