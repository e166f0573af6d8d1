package io.engram.team;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A change waiting in the outbox to reach the team database.
 *
 * @param changeId its id: the database keeps it on the row it made, so a retry after a lost answer is recognised
 * @param kind what it does
 * @param slug the team memory it is about
 * @param content the memory's content (a share, or the content a resolution takes); empty for a removal
 * @param baseVersion the team version the change was made against (0: none, a first share)
 * @param queued when it was queued
 * @param conflictId the conflict a resolution settles
 * @param resolution how: {@code team} (keep the team's version), {@code conflict} (take the losing edit) or
 *     {@code local} (take the member's local copy)
 */
public record PendingChange(UUID changeId, Kind kind, String slug, Optional<TeamContent> content, int baseVersion,
    Instant queued, Optional<Long> conflictId, Optional<String> resolution) {

  /** What a pending change does. */
  public enum Kind {
    /** Share a memory, or change a shared one. */
    SHARE,
    /** Remove a memory from the team. */
    REMOVE,
    /** Settle a conflict. */
    RESOLVE
  }

  public PendingChange {
    Objects.requireNonNull(changeId, "changeId");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(slug, "slug");
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(queued, "queued");
    Objects.requireNonNull(conflictId, "conflictId");
    Objects.requireNonNull(resolution, "resolution");
    if (kind == Kind.SHARE && content.isEmpty()) {
      throw new IllegalArgumentException("a share of " + slug + " needs content");
    }
    if (kind == Kind.RESOLVE && (conflictId.isEmpty() || resolution.isEmpty())) {
      throw new IllegalArgumentException("a resolution of " + slug + " needs a conflict and a choice");
    }
  }
}
