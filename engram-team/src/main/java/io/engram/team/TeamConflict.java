package io.engram.team;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A change that lost a race, kept beside the version it lost to until someone resolves it.
 *
 * @param id the conflict's number
 * @param slug the team memory it is about
 * @param content the losing edit, whole
 * @param baseVersion the version the edit started from (0: a new share that met an existing memory)
 * @param teamVersion the version it lost to
 * @param author who made the losing edit
 * @param created when the conflict was recorded
 * @param changeId the client's id of the losing change
 */
public record TeamConflict(long id, String slug, TeamContent content, int baseVersion, int teamVersion, String author,
    Instant created, UUID changeId) {
  public TeamConflict {
    Objects.requireNonNull(slug, "slug");
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(author, "author");
    Objects.requireNonNull(created, "created");
    Objects.requireNonNull(changeId, "changeId");
  }
}
