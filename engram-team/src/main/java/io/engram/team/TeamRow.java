package io.engram.team;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * One team memory as the database holds it: the content and what the database stamped on it.
 *
 * @param slug its identity in the project (the slug of its name)
 * @param content what was shared
 * @param author who first shared it
 * @param changedBy who last changed it
 * @param updated when it last changed
 * @param version raised by one at every change
 * @param deleted removed from the team (kept as a tombstone, so every mirror learns of the removal)
 * @param changeId the client's id of the change that made this version
 * @param changeSeq the project's change number of this version: the sync cursor
 */
public record TeamRow(String slug, TeamContent content, String author, String changedBy, Instant updated, int version,
    boolean deleted, UUID changeId, long changeSeq) {
  public TeamRow {
    Objects.requireNonNull(slug, "slug");
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(author, "author");
    Objects.requireNonNull(changedBy, "changedBy");
    Objects.requireNonNull(updated, "updated");
    Objects.requireNonNull(changeId, "changeId");
  }
}
