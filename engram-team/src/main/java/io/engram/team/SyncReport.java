package io.engram.team;

import java.util.List;
import java.util.Objects;

/**
 * What one {@code engram team sync} did.
 *
 * @param pushed how many queued changes went in
 * @param conflicted how many of them lost a race and are kept as conflicts
 * @param refused why the database refused the others, one line each
 * @param pulled how many changed rows came from the database
 * @param written mirror files written
 * @param removed mirror files removed
 * @param skipped rows that could not be mirrored, with the reason
 * @param full whether the whole mirror was pulled again
 * @param openConflicts the project's conflicts nobody has resolved
 * @param pending changes still queued
 * @param teamMemories how many team memories the mirror holds
 * @param millis how long the sync took
 * @param proposals what the review proposes about team memories that disagree with the member's own
 */
public record SyncReport(int pushed, int conflicted, List<String> refused, int pulled, int written, int removed,
    List<String> skipped, boolean full, int openConflicts, int pending, int teamMemories, long millis,
    List<String> proposals) {
  public SyncReport {
    refused = List.copyOf(Objects.requireNonNull(refused, "refused"));
    skipped = List.copyOf(Objects.requireNonNull(skipped, "skipped"));
    proposals = List.copyOf(Objects.requireNonNull(proposals, "proposals"));
  }

  static SyncReport of(List<TeamPush.Sent> sent, TeamPull.Report pulled, int openConflicts, int pending,
      SyncState state, long millis) {
    int pushed = (int) sent.stream().filter(s -> s.outcome() instanceof TeamStore.Applied).count();
    int conflicted = (int) sent.stream().filter(s -> s.outcome() instanceof TeamStore.Conflicted).count();
    List<String> refused = sent.stream().filter(s -> s.outcome() instanceof TeamStore.Refused)
        .map(s -> s.slug() + ": " + ((TeamStore.Refused) s.outcome()).reason()).toList();
    return new SyncReport(pushed, conflicted, refused, pulled.rows(), pulled.written(), pulled.removed(),
        pulled.skipped(), pulled.full(), openConflicts, pending, state.teamMemories(), millis,
        state.proposals().stream().map(SyncState.Proposal::text).toList());
  }
}
