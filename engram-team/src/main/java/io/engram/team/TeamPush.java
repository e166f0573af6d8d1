package io.engram.team;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sends the outbox to the team database, oldest change first, one transaction each. A change the database took
 * (or kept as a conflict) leaves the outbox; one it refused moves to {@code refused/} with the reason; when the
 * database cannot be reached the push stops and everything not yet sent stays queued.
 */
final class TeamPush {
  private final TeamProject project;
  private final TeamStore store;
  private final Outbox outbox;

  TeamPush(TeamProject project, TeamStore store, Outbox outbox) {
    this.project = project;
    this.store = store;
    this.outbox = outbox;
  }

  /**
   * What became of one change.
   *
   * @param slug the team memory
   * @param kind what the change did
   * @param outcome applied, conflicted or refused
   * @param localCopy what became of the member's project copy once the team held its words
   */
  record Sent(String slug, PendingChange.Kind kind, TeamStore.Outcome outcome, Optional<LocalCopies.Retired> localCopy) {}

  /** The state after the push and what was sent. */
  record Result(SyncState state, List<Sent> sent) {}

  /** Pushes every queued change; throws {@link TeamUnreachableException} when the database is not there. */
  Result push(SyncState start) throws IOException {
    SyncState state = start;
    List<Sent> sent = new ArrayList<>();
    // A change queued after an earlier one of the same memory builds on what that one made.
    Map<String, Integer> madeHere = new HashMap<>();
    LocalCopies copies = new LocalCopies(project.memory(), project.redactor(),
        project.settings().memory().maxTopicBytes());
    for (Outbox.Entry entry : outbox.read().entries()) {
      PendingChange change = entry.change();
      int base = Math.max(change.baseVersion(),
          madeHere.getOrDefault(change.slug(), state.bases().getOrDefault(change.slug(), 0)));
      TeamStore.Outcome outcome = store.push(change, base);
      Optional<LocalCopies.Retired> copy = Optional.empty();
      if (outcome instanceof TeamStore.Applied applied) {
        madeHere.put(change.slug(), applied.version());
        state = state.withBase(change.slug(), applied.version());
        state.write(project.files().state());
        outbox.done(entry);
        if (change.kind() != PendingChange.Kind.REMOVE && change.content().isPresent()) {
          copy = Optional.of(copies.retire(change.content().get()));
        }
      } else if (outcome instanceof TeamStore.Refused refused) {
        outbox.refuse(entry, refused.reason(), project.clock().instant());
      } else {
        // Conflicted: the database keeps the edit beside the version it lost to; the next pull shows it.
        outbox.done(entry);
      }
      sent.add(new Sent(change.slug(), change.kind(), outcome, copy));
    }
    return new Result(state, sent);
  }
}
