package io.engram.team;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.team.testing.TeamPostgres;
import io.engram.team.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The schema's own rules, checked with plain SQL as each member: what row-level security, grants and triggers allow. */
class TeamSchemaTest {
  @RegisterExtension static final TeamPostgres PG = new TeamPostgres();
  private static final String P = "github-com-acme-app";

  @BeforeAll
  static void schema() throws Exception {
    TestDatabase db = PG.database();
    assertThat(db.migrate().applied()).isEqualTo(2);
    assertThat(db.migrate().applied()).isZero();
    for (String m : List.of("ada", "ben", "rae", "max", "zed")) {
      db.member(m);
    }
    db.grant(P, "ada", TeamRole.WRITER);
    db.grant(P, "ben", TeamRole.WRITER);
    db.grant(P, "rae", TeamRole.READER);
    db.grant(P, "max", TeamRole.MAINTAINER);
  }

  @Test
  void aWriterSharesAndTheDatabaseStampsAuthorVersionAndAudit() throws Exception {
    try (Connection ada = as("ada")) {
      share(ada, "deploys", "Deploys are blue-green.");
      try (ResultSet r = ada.createStatement().executeQuery(
          "SELECT author, updated_by, version, change_seq > 0 FROM engram.memories WHERE slug = 'deploys'")) {
        assertThat(r.next()).isTrue();
        assertThat(r.getString(1)).isEqualTo("ada");
        assertThat(r.getString(2)).isEqualTo("ada");
        assertThat(r.getInt(3)).isEqualTo(1);
        assertThat(r.getBoolean(4)).isTrue();
      }
      assertThat(audit(ada, "deploys")).containsExactly("ada share 1");
    }
  }

  @Test
  void aReaderCannotShareOrChangeAndANonMemberSeesNothing() throws Exception {
    try (Connection ada = as("ada")) {
      share(ada, "readers-see", "Visible to readers.");
    }
    try (Connection rae = as("rae")) {
      assertThat(count(rae, "readers-see")).isEqualTo(1);
      assertThatThrownBy(() -> share(rae, "not-allowed", "x")).isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
      assertThatThrownBy(() -> rae.createStatement().executeUpdate(
          "UPDATE engram.memories SET body = 'changed' WHERE slug = 'readers-see'")).isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
    }
    try (Connection zed = as("zed")) {
      assertThat(count(zed, "readers-see")).isZero();
      assertThatThrownBy(() -> share(zed, "outsider", "x")).isInstanceOf(SQLException.class);
    }
  }

  @Test
  void anUpdateAgainstAStaleVersionTouchesNothing() throws Exception {
    try (Connection ada = as("ada"); Connection max = as("max")) {
      share(ada, "ports", "The API listens on 8080.");
      assertThat(update(max, "ports", 1, "The API listens on 9090.")).isEqualTo(1);
      assertThat(update(ada, "ports", 1, "The API listens on 7070.")).isZero();
      try (ResultSet r = ada.createStatement().executeQuery(
          "SELECT body, version, author, updated_by FROM engram.memories WHERE slug = 'ports'")) {
        r.next();
        assertThat(r.getString(1)).isEqualTo("The API listens on 9090.");
        assertThat(r.getInt(2)).isEqualTo(2);
        assertThat(r.getString(3)).isEqualTo("ada");
        assertThat(r.getString(4)).isEqualTo("max");
      }
    }
  }

  @Test
  void authorsAndTheAuditLogCannotBeForged() throws Exception {
    try (Connection ben = as("ben")) {
      share(ben, "forgery", "Ben's.");
      assertThatThrownBy(() -> ben.createStatement().executeUpdate(
          "UPDATE engram.memories SET author = 'ada' WHERE slug = 'forgery'")).isInstanceOf(SQLException.class);
      assertThatThrownBy(() -> ben.createStatement().executeUpdate(
          "INSERT INTO engram.audit_log (actor, project_key, subject, action) VALUES ('ada', '" + P
              + "', 'x', 'share')")).isInstanceOf(SQLException.class);
      assertThatThrownBy(() -> ben.createStatement().executeUpdate("DELETE FROM engram.audit_log"))
          .isInstanceOf(SQLException.class);
      assertThatThrownBy(() -> ben.createStatement().executeUpdate("DELETE FROM engram.memories"))
          .isInstanceOf(SQLException.class);
    }
  }

  @Test
  void onlyTheAuthorOrAMaintainerRemoves() throws Exception {
    try (Connection ada = as("ada"); Connection ben = as("ben"); Connection max = as("max")) {
      share(ada, "removable", "Ada's.");
      assertThatThrownBy(() -> ben.createStatement().executeUpdate(
          "UPDATE engram.memories SET deleted = true WHERE slug = 'removable'")).isInstanceOf(SQLException.class)
          .hasMessageContaining("only its author");
      assertThat(max.createStatement().executeUpdate(
          "UPDATE engram.memories SET deleted = true WHERE slug = 'removable'")).isEqualTo(1);
      assertThat(audit(ada, "removable")).containsExactly("ada share 1", "max remove 2");
    }
  }

  @Test
  void onlyMaintainersGrantRoles() throws Exception {
    try (Connection ben = as("ben"); Connection max = as("max")) {
      assertThatThrownBy(() -> grant(ben, "zed", "writer")).isInstanceOf(SQLException.class);
      grant(max, "zed", "reader");
      try (ResultSet r = max.createStatement().executeQuery(
          "SELECT actor, action, detail->>'role' FROM engram.audit_log WHERE subject = 'zed' ORDER BY id")) {
        assertThat(r.next()).isTrue();
        assertThat(r.getString(1) + " " + r.getString(2) + " " + r.getString(3)).isEqualTo("max grant reader");
      }
      max.createStatement().executeUpdate("DELETE FROM engram.members WHERE member = 'zed'");
    }
  }

  @Test
  void changeNumbersFollowTheCommitOrderOfAProject() throws Exception {
    try (Connection ada = as("ada"); Connection ben = as("ben")) {
      ada.setAutoCommit(false);
      ada.createStatement().execute("SELECT engram.lock_project('" + P + "')");
      share(ada, "first", "Committed first.");
      Thread later = new Thread(() -> {
        try {
          share(ben, "second", "Waits for the first.");
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      });
      later.start();
      Thread.sleep(200);
      assertThat(later.isAlive()).as("the second writer waits for the project lock").isTrue();
      ada.commit();
      later.join(5_000);
      try (ResultSet r = ada.createStatement().executeQuery(
          "SELECT slug FROM engram.memories WHERE slug IN ('first', 'second') ORDER BY change_seq")) {
        List<String> order = new ArrayList<>();
        while (r.next()) {
          order.add(r.getString(1));
        }
        assertThat(order).containsExactly("first", "second");
      }
    }
  }

  private static Connection as(String member) throws SQLException {
    TestDatabase db = PG.database();
    return DriverManager.getConnection(db.url(member), member, db.password(member));
  }

  private static void share(Connection c, String slug, String body) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO engram.memories (project_key, slug, name, type, body,"
        + " change_id) VALUES (?, ?, ?, 'project', ?, ?)")) {
      p.setString(1, P);
      p.setString(2, slug);
      p.setString(3, slug);
      p.setString(4, body);
      p.setObject(5, UUID.randomUUID());
      p.executeUpdate();
    }
    if (!c.getAutoCommit()) {
      return;
    }
  }

  private static int update(Connection c, String slug, int version, String body) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("UPDATE engram.memories SET body = ?, change_id = ? WHERE project_key"
        + " = ? AND slug = ? AND version = ?")) {
      p.setString(1, body);
      p.setObject(2, UUID.randomUUID());
      p.setString(3, P);
      p.setString(4, slug);
      p.setInt(5, version);
      return p.executeUpdate();
    }
  }

  private static void grant(Connection c, String member, String role) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO engram.members (project_key, member, role) VALUES (?, ?, ?)")) {
      p.setString(1, P);
      p.setString(2, member);
      p.setString(3, role);
      p.executeUpdate();
    }
  }

  private static int count(Connection c, String slug) throws SQLException {
    try (ResultSet r = c.createStatement().executeQuery("SELECT count(*) FROM engram.memories WHERE slug = '" + slug + "'")) {
      r.next();
      return r.getInt(1);
    }
  }

  private static List<String> audit(Connection c, String slug) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (ResultSet r = c.createStatement().executeQuery(
        "SELECT actor, action, version FROM engram.audit_log WHERE subject = '" + slug + "' ORDER BY id")) {
      while (r.next()) {
        rows.add(r.getString(1) + " " + r.getString(2) + " " + r.getInt(3));
      }
    }
    return rows;
  }
}
