package io.engram.team;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One project's rows in the team database, as the logged-in member may see and change them. Every write runs in
 * a transaction that first takes the project's lock ({@code engram.lock_project}), so change numbers commit in
 * order; a change is applied only against the version it was made from, else kept as a conflict.
 */
final class TeamStore {
  private final TeamDatabase db;
  private final String project;

  TeamStore(TeamDatabase db, String project) {
    this.db = Objects.requireNonNull(db, "db");
    this.project = Objects.requireNonNull(project, "project");
  }

  /** What became of a pushed change. */
  sealed interface Outcome {}

  /** It is in the database, which now holds {@code version}. */
  record Applied(int version) implements Outcome {}

  /** It lost a race: kept as conflict {@code conflictId} beside {@code teamVersion}. */
  record Conflicted(long conflictId, int teamVersion, String teamChangedBy) implements Outcome {}

  /** The database refused it (role, policy, bad data); {@code reason} says why. */
  record Refused(String reason) implements Outcome {}

  /** The member's role in the project, as the database sees it. */
  Optional<TeamRole> role() throws IOException {
    return db.run("reading your role", c -> {
      try (PreparedStatement p = c.prepareStatement("SELECT engram.role_rank(?)")) {
        p.setString(1, project);
        try (ResultSet r = p.executeQuery()) {
          int rank = r.next() ? r.getInt(1) : 0;
          return rank == 0 ? Optional.empty() : Optional.of(TeamRole.values()[rank - 1]);
        }
      }
    });
  }

  /** Sends {@code change}; throws only when the database cannot be reached (the change then stays queued). */
  Outcome push(PendingChange change, int base) throws IOException {
    return db.inTransaction("sending a change to " + change.slug(), c -> {
      try {
        lock(c);
        return switch (change.kind()) {
          case SHARE -> share(c, change, base);
          case REMOVE -> remove(c, change, base);
          case RESOLVE -> TeamResolutions.apply(this, c, project, change, base);
        };
      } catch (SQLException e) {
        if (SqlFailures.offline(e, String.valueOf(e.getSQLState()))) {
          throw e;
        }
        c.rollback();
        return new Refused(String.valueOf(e.getMessage()).lines().findFirst().orElse("refused")
            + " [SQLSTATE " + e.getSQLState() + "]");
      }
    });
  }

  /**
   * Every change of the project after change number {@code after}, in order, in pages of at most {@code pageSize}
   * rows, read in one read-only transaction that sees one snapshot of the database: all of them, or an exception.
   */
  List<List<TeamRow>> changesSince(long after, int pageSize) throws IOException {
    return db.inTransaction("pulling team changes", c -> {
      try (java.sql.Statement s = c.createStatement()) {
        s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      }
      List<List<TeamRow>> pages = new ArrayList<>();
      long cursor = after;
      while (true) {
        List<TeamRow> page = page(c, cursor, pageSize);
        if (page.isEmpty()) {
          return pages;
        }
        pages.add(page);
        cursor = page.get(page.size() - 1).changeSeq();
        if (page.size() < pageSize) {
          return pages;
        }
      }
    });
  }

  private List<TeamRow> page(Connection c, long after, int limit) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("SELECT " + TeamColumns.ROW + " FROM engram.memories"
        + " WHERE project_key = ? AND change_seq > ? ORDER BY change_seq LIMIT ?")) {
      p.setString(1, project);
      p.setLong(2, after);
      p.setInt(3, limit);
      List<TeamRow> rows = new ArrayList<>();
      try (ResultSet r = p.executeQuery()) {
        while (r.next()) {
          rows.add(TeamColumns.row(r));
        }
      }
      return rows;
    }
  }

  /** The project's conflicts nobody has resolved yet, oldest first. */
  List<TeamConflict> openConflicts() throws IOException {
    return db.run("reading open conflicts", c -> {
      try (PreparedStatement p = c.prepareStatement("SELECT id, " + TeamColumns.CONTENT + ", base_version, team_version, author,"
          + " created_at, change_id FROM engram.conflicts WHERE project_key = ? AND resolution IS NULL ORDER BY id")) {
        p.setString(1, project);
        List<TeamConflict> out = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
          while (r.next()) {
            out.add(new TeamConflict(r.getLong(1), r.getString(2), TeamColumns.content(r, 2), r.getInt(14), r.getInt(15),
                r.getString(16), r.getTimestamp(17).toInstant(), r.getObject(18, UUID.class)));
          }
        }
        return out;
      }
    });
  }

  private Outcome share(Connection c, PendingChange change, int base) throws SQLException {
    Optional<Current> current = current(c, change.slug());
    TeamContent content = change.content().orElseThrow();
    if (current.isEmpty()) {
      return new Applied(insert(c, change.slug(), content, change.changeId()));
    }
    Current now = current.get();
    if (now.changeId().equals(change.changeId())) {
      return new Applied(now.version());
    }
    if (now.version() == base || (now.deleted() && base == 0)) {
      return new Applied(update(c, change.slug(), content, change.changeId(), false, now.version()));
    }
    return new Conflicted(conflict(c, change, base, now.version()), now.version(), now.changedBy());
  }

  private Outcome remove(Connection c, PendingChange change, int base) throws SQLException {
    Optional<Current> current = current(c, change.slug());
    if (current.isEmpty() || current.get().deleted() || current.get().changeId().equals(change.changeId())) {
      return new Applied(current.map(Current::version).orElse(0));
    }
    Current now = current.get();
    if (now.version() != base) {
      return new Refused("'" + change.slug() + "' changed since you saw it (now version " + now.version() + ", by "
          + now.changedBy() + "); sync, look at it, and remove it again if it should go");
    }
    try (PreparedStatement p = c.prepareStatement("UPDATE engram.memories SET deleted = true, change_id = ?"
        + " WHERE project_key = ? AND slug = ? AND version = ? RETURNING version")) {
      p.setObject(1, change.changeId());
      p.setString(2, project);
      p.setString(3, change.slug());
      p.setInt(4, base);
      return new Applied(returnedVersion(p));
    }
  }

  /** The row's version, who changed it last, its change id, whether removed; locked for this transaction. */
  record Current(int version, String changedBy, UUID changeId, boolean deleted) {}

  Optional<Current> current(Connection c, String slug) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("SELECT version, updated_by, change_id, deleted FROM engram.memories"
        + " WHERE project_key = ? AND slug = ? FOR UPDATE")) {
      p.setString(1, project);
      p.setString(2, slug);
      try (ResultSet r = p.executeQuery()) {
        return r.next() ? Optional.of(new Current(r.getInt(1), r.getString(2), r.getObject(3, UUID.class),
            r.getBoolean(4))) : Optional.empty();
      }
    }
  }

  private int insert(Connection c, String slug, TeamContent content, UUID changeId) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO engram.memories (project_key, slug, name, type,"
        + " description, body, source, session, origin, paths, supersedes, valid_until, created_at, change_id)"
        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING version")) {
      p.setString(1, project);
      p.setString(2, slug);
      int i = TeamColumns.bind(c, p, 3, content);
      if (content.created().isPresent()) {
        p.setTimestamp(i++, Timestamp.from(content.created().get()));
      } else {
        p.setNull(i++, Types.TIMESTAMP_WITH_TIMEZONE);
      }
      p.setObject(i, changeId);
      return returnedVersion(p);
    }
  }

  int update(Connection c, String slug, TeamContent content, UUID changeId, boolean deleted, int expected)
      throws SQLException {
    try (PreparedStatement p = c.prepareStatement("UPDATE engram.memories SET name = ?, type = ?, description = ?,"
        + " body = ?, source = ?, session = ?, origin = ?, paths = ?, supersedes = ?, valid_until = ?, deleted = ?,"
        + " change_id = ? WHERE project_key = ? AND slug = ? AND version = ? RETURNING version")) {
      int i = TeamColumns.bind(c, p, 1, content);
      p.setBoolean(i++, deleted);
      p.setObject(i++, changeId);
      p.setString(i++, project);
      p.setString(i++, slug);
      p.setInt(i, expected);
      return returnedVersion(p);
    }
  }

  private long conflict(Connection c, PendingChange change, int base, int teamVersion) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO engram.conflicts (project_key, slug, name, type,"
        + " description, body, source, session, origin, paths, supersedes, valid_until, base_version, team_version,"
        + " change_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (change_id) DO NOTHING")) {
      p.setString(1, project);
      p.setString(2, change.slug());
      TeamContent content = change.content().orElseThrow();
      int i = TeamColumns.bind(c, p, 3, content);
      p.setInt(i++, base);
      p.setInt(i++, teamVersion);
      p.setObject(i, change.changeId());
      p.executeUpdate();
    }
    try (PreparedStatement p = c.prepareStatement("SELECT id FROM engram.conflicts WHERE change_id = ?")) {
      p.setObject(1, change.changeId());
      try (ResultSet r = p.executeQuery()) {
        r.next();
        return r.getLong(1);
      }
    }
  }

  private void lock(Connection c) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("SELECT engram.lock_project(?)")) {
      p.setString(1, project);
      p.execute();
    }
  }

  private static int returnedVersion(PreparedStatement p) throws SQLException {
    try (ResultSet r = p.executeQuery()) {
      if (!r.next()) {
        throw new SQLException("the row changed under a held lock", "40001");
      }
      return r.getInt(1);
    }
  }
}
