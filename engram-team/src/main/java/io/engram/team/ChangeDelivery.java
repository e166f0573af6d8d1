package io.engram.team;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A member's change (a share, a removal, a resolution) on its way to the team: queued in the durable outbox first, so
 * that with the database down nothing is lost, then the outbox sent at once, and the change's fate told as {@link
 * TeamMemory} answers it: shared, removed or resolved with the team's version, kept as a conflict, queued for the next
 * sync when the database does not answer, or refused (thrown, with the member's role).
 */
final class ChangeDelivery {
  /** Opens the team database through a recorded connection. */
  @FunctionalInterface
  interface Opener {
    TeamDatabase open(TeamLink link) throws IOException;
  }

  private final TeamProject project;
  private final Opener opener;

  ChangeDelivery(TeamProject project, Opener opener) {
    this.project = project;
    this.opener = opener;
  }

  /**
   * Queues {@code change} (to the memory called {@code name}) in the outbox, then sends the outbox at once through
   * {@code link}: what became of the change, or why it waits for the next sync. {@code needs} names the role the
   * database asks for, told when it refuses the change ({@link TeamRefusedException}).
   */
  TeamMemory.Shared send(TeamLink link, PendingChange change, String name, boolean redacted, String needs)
      throws IOException {
    new Outbox(project.files()).enqueue(change);
    List<TeamPush.Sent> sent;
    try (TeamDatabase db = opener.open(link)) {
      TeamStore store = new TeamStore(db, link.projectKey());
      TeamSync sync = new TeamSync(project, store);
      sent = sync.push();
      Optional<TeamPush.Sent> mine = sent.stream().filter(s -> s.slug().equals(change.slug())).reduce((a, b) -> b);
      if (mine.isEmpty()) {
        return new TeamMemory.Shared(name, change.slug(), "queued", Optional.empty(),
            Optional.of("another sync is sending it"), redacted);
      }
      TeamStore.Outcome outcome = mine.get().outcome();
      if (outcome instanceof TeamStore.Applied applied && change.kind() == PendingChange.Kind.REMOVE) {
        sync.dropFromMirror(change.slug());
        return new TeamMemory.Shared(name, change.slug(), "removed", Optional.of(applied.version()), Optional.empty(), false);
      }
      if (outcome instanceof TeamStore.Applied applied) {
        return new TeamMemory.Shared(name, change.slug(), change.kind() == PendingChange.Kind.RESOLVE ? "resolved" : "shared", Optional.of(applied.version()), Optional.empty(), redacted);
      }
      if (outcome instanceof TeamStore.Conflicted c) {
        return new TeamMemory.Shared(name, change.slug(), "conflict", Optional.empty(), Optional.of("version " + c.teamVersion()
            + " by " + c.teamChangedBy() + " came first; your edit is kept as conflict " + c.conflictId()
            + ": engram team sync, then engram team resolve " + name), redacted);
      }
      String reason = ((TeamStore.Refused) outcome).reason();
      Optional<TeamRole> role = store.role();
      throw new TeamRefusedException("the team database refused '" + name + "' for " + link.member() + " (role in "
          + link.projectKey() + ": " + role.map(TeamRole::id).orElse("none") + "; " + needs + "): " + reason,
          null);
    } catch (TeamUnreachableException e) {
      return new TeamMemory.Shared(name, change.slug(), "queued", Optional.empty(), Optional.of(e.getMessage()
          + "; it goes out at the next engram team sync"), redacted);
    }
  }
}
