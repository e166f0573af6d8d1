package io.engram.compaction;

import java.time.Instant;
import java.util.Objects;

/**
 * One operation of the agent on a file, as FileScore counts it.
 *
 * @param kind read, write (create or overwrite) or edit (change in place)
 * @param at when it happened
 */
record FileOperation(Kind kind, Instant at) {

  /** The kinds of file operation FileScore distinguishes. */
  public enum Kind {
    READ,
    WRITE,
    EDIT
  }

  public FileOperation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(at, "at");
  }
}
