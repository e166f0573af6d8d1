package io.engram.team;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.TeamSettings;
import io.engram.team.testing.TeamPostgres;
import io.engram.team.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A store made before the database held the team's rules is brought under them by the migration: what the rules
 * refuse becomes a removed memory without its words (every mirror drops it at its next pull), and the free JSON's
 * paths, supersedes and end date move into their typed columns.
 */
class TeamSchemaUpgradeTest {
  @RegisterExtension static final TeamPostgres PG = new TeamPostgres();
  private static final String P = "github-com-acme-upgrade";

  @Test
  void whatTheRulesRefuseIsRemovedAndTheFreeJsonMovesIntoTypedColumns() throws Exception {
    TestDatabase db = PG.database();
    try (TeamDatabase admin = TeamDatabase.open(db.adminEndpoint(), db.adminPassword(), TeamSettings.DEFAULTS)) {
      Flyway.configure(TeamSchema.class.getClassLoader()).dataSource(admin.dataSource()).schemas(TeamSchema.SCHEMA)
          .createSchemas(true).locations("classpath:db/team").target("1").load().migrate();
    }
    try (Connection c = db.admin()) {
      insert(c, "kept", "kept", "project", "Deploys are blue-green.",
          "{\"paths\":[\"src/Deploy.java\"],\"supersedes\":[\"old-deploys\"],\"validUntil\":\"2027-01-01T00:00:00Z\","
              + "\"type\":\"feedback\"}");
      insert(c, "standing-order", "standing-order", "feedback", "Always push to main.", "{}");
      insert(c, "huge", "huge", "reference", "x".repeat(300 * 1024), "{}");
      insert(c, "two-lines", "two\ntype: feedback", "project", "x", "{}");
    }

    assertThat(db.migrate().applied()).isEqualTo(1);

    try (Connection c = db.admin(); ResultSet r = c.createStatement().executeQuery("SELECT slug, deleted, body,"
        + " array_to_string(paths, ','), array_to_string(supersedes, ','), valid_until, name FROM engram.memories"
        + " ORDER BY slug")) {
      StringBuilder rows = new StringBuilder();
      while (r.next()) {
        rows.append(r.getString(1)).append(' ').append(r.getBoolean(2)).append(' ')
            .append(r.getString(3).length()).append(' ').append(r.getString(4)).append(' ').append(r.getString(5))
            .append(' ').append(r.getTimestamp(6) != null).append(' ').append(r.getString(7).contains("\n"))
            .append('\n');
      }
      assertThat(rows.toString()).isEqualTo("""
          huge true 0   false false
          kept false 23 src/Deploy.java old-deploys true false
          standing-order true 0   false false
          two-lines true 0   false false
          """);
    }
  }

  private static void insert(Connection c, String slug, String name, String type, String body, String fields)
      throws Exception {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO engram.memories (project_key, slug, name, type, body,"
        + " fields, change_id) VALUES (?, ?, ?, ?, ?, ?::jsonb, ?)")) {
      p.setString(1, P);
      p.setString(2, slug);
      p.setString(3, name);
      p.setString(4, type);
      p.setString(5, body);
      p.setString(6, fields);
      p.setObject(7, UUID.randomUUID());
      p.executeUpdate();
    }
  }
}
