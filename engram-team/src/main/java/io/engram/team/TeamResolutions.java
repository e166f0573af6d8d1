package io.engram.team;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Settles a conflict in the database, in the push's transaction: {@code team} keeps the team's version as it is;
 * {@code conflict} and {@code local} write the chosen content over the version the resolver looked at, and refuse
 * when the memory changed again since (the conflict then stays open, to be looked at again). Nothing is reported
 * settled that the database did not record: the conflict's row must come back resolved by this member, this way.
 */
final class TeamResolutions {
  private TeamResolutions() {}

  static TeamStore.Outcome apply(TeamStore store, Connection c, String project, PendingChange change, int base)
      throws SQLException {
    long id = change.conflictId().orElseThrow();
    String how = change.resolution().orElseThrow();
    Optional<String> resolved;
    String resolvedBy;
    try (PreparedStatement p = c.prepareStatement("SELECT resolution, resolved_by, current_user FROM engram.conflicts"
        + " WHERE id = ? AND project_key = ? FOR UPDATE")) {
      p.setLong(1, id);
      p.setString(2, project);
      try (ResultSet r = p.executeQuery()) {
        if (!r.next()) {
          return new TeamStore.Refused("there is no conflict " + id + " in this project");
        }
        resolved = Optional.ofNullable(r.getString(1));
        resolvedBy = String.valueOf(r.getString(2));
        if (resolved.isPresent() && !(resolved.get().equals(how) && resolvedBy.equals(r.getString(3)))) {
          return new TeamStore.Refused("conflict " + id + " on '" + change.slug() + "' was already resolved by "
              + resolvedBy + " (kept " + resolved.get() + "); sync to see the memory as it is now");
        }
      }
    }
    Optional<TeamStore.Current> current = store.current(c, change.slug());
    int version = current.map(TeamStore.Current::version).orElse(0);
    if (resolved.isPresent()) {
      return new TeamStore.Applied(version); // this very resolution, sent again after its answer was lost
    }
    if (!how.equals("team")) {
      if (current.isEmpty() || version != base) {
        return new TeamStore.Refused("'" + change.slug() + "' changed again since you looked (now version " + version
            + current.map(cur -> ", by " + cur.changedBy()).orElse("") + "); the conflict stays open: look at it again");
      }
      version = store.update(c, change.slug(), change.content().orElseThrow(), change.changeId(), false, base);
    }
    try (PreparedStatement p = c.prepareStatement("UPDATE engram.conflicts SET resolution = ? WHERE id = ?"
        + " AND resolution IS NULL RETURNING resolution, resolved_by = current_user")) {
      p.setString(1, how);
      p.setLong(2, id);
      try (ResultSet r = p.executeQuery()) {
        if (!r.next() || !how.equals(r.getString(1)) || !r.getBoolean(2)) {
          c.rollback();
          return new TeamStore.Refused("the database did not record the resolution of conflict " + id + " on '"
              + change.slug() + "'; it stays open");
        }
      }
    }
    return new TeamStore.Applied(version);
  }
}
