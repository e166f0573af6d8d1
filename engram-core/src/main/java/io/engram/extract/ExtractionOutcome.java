package io.engram.extract;

import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import java.util.Objects;
import java.util.Optional;

/**
 * What became of one candidate at the write boundary.
 *
 * @param kind created, updated (merged into an existing memory), skipped, or proposed to the review inbox
 * @param name the memory's name (the existing one for an update)
 * @param type its type
 * @param origin the provenance recorded in the memory, and whether the text may be trusted
 * @param description the one-line description
 * @param body the text written (for an update, only the new part)
 * @param reason why it was skipped, or how an update was decided; empty for a plain create
 * @param path the topic file written (empty in a dry run and for a skip)
 */
public record ExtractionOutcome(
    Kind kind,
    String name,
    MemoryType type,
    Origin origin,
    String description,
    String body,
    Optional<String> reason,
    Optional<String> path) {

  /** The fates of a candidate. */
  public enum Kind {
    /** A new topic file (or, in a dry run, one that would be written). */
    CREATED,
    /** Merged into the body of an existing memory. */
    UPDATED,
    /** Not written; {@link #reason()} says why. */
    SKIPPED,
    /**
     * Not written but proposed to the review inbox ({@code memory.review}: {@code PROPOSE}), as a new memory or an
     * update of one; {@link #reason()} names the proposal.
     */
    PROPOSED
  }

  /**
   * Where the memory came from.
   *
   * @param source provenance recorded in the memory
   * @param trusted false for knowledge read from tool output
   */
  public record Origin(MemorySource source, boolean trusted) {
    public Origin {
      Objects.requireNonNull(source, "source");
    }
  }

  public ExtractionOutcome {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(path, "path");
  }
}
