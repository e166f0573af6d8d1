package io.engram.team;

import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * How a team memory lies in the team database's columns ({@code engram.memories}, {@code engram.conflicts}): its
 * content bound to a statement and read back from a row, so that every query of {@link TeamStore} writes and reads
 * the content in one order.
 */
final class TeamColumns {
  /** The content columns, slug first, in the order {@link #content} reads them. */
  static final String CONTENT = "slug, name, type, description, body, source, session, origin, paths,"
      + " supersedes, valid_until, created_at";
  /** A memory row's columns: the content, then who changed it, when, its version and its change. */
  static final String ROW = CONTENT + ", author, updated_by, updated_at, version, deleted, change_id,"
      + " change_seq";

  private TeamColumns() {}

  /**
   * Binds name, type, description, body, source, session, origin, paths, supersedes and valid_until; returns the next
   * parameter index.
   */
  static int bind(Connection c, PreparedStatement p, int from, TeamContent content) throws SQLException {
    int i = from;
    p.setString(i++, content.name());
    p.setString(i++, content.type().id());
    p.setString(i++, content.description());
    p.setString(i++, content.body());
    p.setString(i++, content.source().map(MemorySource::id).orElse(null));
    p.setString(i++, content.session().orElse(null));
    p.setString(i++, content.origin());
    p.setArray(i++, c.createArrayOf("text", content.paths().toArray()));
    p.setArray(i++, c.createArrayOf("text", content.supersedes().toArray()));
    if (content.validUntil().isPresent()) {
      p.setTimestamp(i++, Timestamp.from(content.validUntil().get()));
    } else {
      p.setNull(i++, Types.TIMESTAMP_WITH_TIMEZONE);
    }
    return i;
  }

  static TeamRow row(ResultSet r) throws SQLException {
    return new TeamRow(r.getString(1), content(r, 1), r.getString(13), r.getString(14), r.getTimestamp(15).toInstant(),
        r.getInt(16), r.getBoolean(17), r.getObject(18, UUID.class), r.getLong(19));
  }

  /** The content in the twelve columns from {@code first} ({@link #CONTENT} order: slug first). */
  static TeamContent content(ResultSet r, int first) throws SQLException {
    return new TeamContent(r.getString(first + 1), MemoryType.parse(r.getString(first + 2)).orElseThrow(),
        r.getString(first + 3), r.getString(first + 4),
        Optional.ofNullable(r.getString(first + 5)).flatMap(MemorySource::parse),
        Optional.ofNullable(r.getString(first + 6)), r.getString(first + 7), strings(r.getArray(first + 8)),
        strings(r.getArray(first + 9)), instant(r.getTimestamp(first + 10)), instant(r.getTimestamp(first + 11)));
  }

  private static List<String> strings(java.sql.Array a) throws SQLException {
    return a == null ? List.of() : List.of((String[]) a.getArray());
  }

  private static Optional<Instant> instant(Timestamp t) {
    return Optional.ofNullable(t).map(Timestamp::toInstant);
  }
}
