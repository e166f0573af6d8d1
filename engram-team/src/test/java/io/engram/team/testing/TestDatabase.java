package io.engram.team.testing;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.TeamSettings;
import io.engram.team.TeamDatabase;
import io.engram.team.TeamEndpoint;
import io.engram.team.TeamMemory;
import io.engram.team.TeamPassword;
import io.engram.team.TeamRole;
import io.engram.team.TeamSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/** One test class's database on the throwaway cluster: migrate it, make members, grant roles, run SQL as admin. */
public final class TestDatabase {
  private final PostgresCluster cluster;
  private final String name;

  TestDatabase(PostgresCluster cluster, String name) {
    this.cluster = cluster;
    this.name = name;
  }

  /** The Engram roots of member {@code member} under {@code root}: their Engram home, user home and project. */
  public static EngramRoots roots(Path root, String member) {
    return new EngramRoots(
        root.resolve(member + "/engram"), root.resolve(member + "/home"), root.resolve(member + "/app"));
  }

  /**
   * The team memory of {@code member}'s project under {@code root}, a clone of
   * {@code git@github.com:acme/<repository>}, connected to this database and granted the writer role on it.
   */
  public TeamMemory writer(Path root, String member, String repository) throws IOException, SQLException {
    return writer(root, member, repository, EngramSettings.DEFAULTS);
  }

  /** {@link #writer(Path, String, String)} with {@code settings}. */
  public TeamMemory writer(Path root, String member, String repository, EngramSettings settings)
      throws IOException, SQLException {
    EngramRoots roots = roots(root, member);
    Files.createDirectories(roots.projectDir().resolve(".git"));
    Files.writeString(roots.projectDir().resolve(".git/config"),
        "[remote \"origin\"]\n\turl = git@github.com:acme/" + repository + ".git\n");
    TeamMemory team = TeamMemory.of(roots, settings, Map.of(TeamPassword.ENV, password(member)),
        Clock.systemUTC());
    String key = team.connect(url(member), member).link().projectKey();
    grant(key, member, TeamRole.WRITER);
    return team;
  }

  /** The cluster (to stop and start it). */
  public PostgresCluster cluster() {
    return cluster;
  }

  /** The JDBC URL of this database, with {@code user} set. */
  public String url(String user) {
    return cluster.jdbcUrl(name) + "?user=" + user;
  }

  /** The administrator's endpoint. */
  public TeamEndpoint adminEndpoint() {
    return TeamEndpoint.parse(url(cluster.adminUser()), Map.of(), "nobody");
  }

  /** The administrator's password. */
  public TeamPassword adminPassword() {
    return new TeamPassword(Optional.of(cluster.adminPassword()), "test", Optional.empty());
  }

  /** Applies the team migrations as the administrator. */
  public TeamSchema.Migration migrate() throws IOException {
    try (TeamDatabase db = TeamDatabase.open(adminEndpoint(), adminPassword(), TeamSettings.DEFAULTS)) {
      return TeamSchema.migrate(db);
    }
  }

  /**
   * Creates (or resets) the login role {@code member}, in {@code engram_member}; its password is {@link #password},
   * stored as the cluster's SCRAM secret of it ({@link PostgresCluster#passwordSecret}).
   */
  public void member(String member) throws SQLException {
    sql("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + member + "') THEN CREATE ROLE \""
        + member + "\" LOGIN; END IF; END $$",
        "ALTER ROLE \"" + member + "\" PASSWORD '" + cluster.passwordSecret(password(member)) + "'",
        "GRANT engram_member TO \"" + member + "\"");
  }

  /** The password {@link #member} gives a member. */
  public String password(String member) {
    return "pw-" + member + "-secret";
  }

  /** A member's endpoint and password. */
  public TeamEndpoint endpoint(String member) {
    return TeamEndpoint.parse(url(member), Map.of(), "nobody");
  }

  /** The member's password as Engram would hold it. */
  public TeamPassword passwordOf(String member) {
    return new TeamPassword(Optional.of(password(member)), "test", Optional.empty());
  }

  /** Gives {@code member} {@code role} in {@code project}, as the administrator. */
  public void grant(String project, String member, TeamRole role) throws SQLException {
    try (Connection c = admin();
        PreparedStatement p = c.prepareStatement("INSERT INTO engram.members (project_key, member, role) VALUES (?, ?, ?)"
            + " ON CONFLICT (project_key, member) DO UPDATE SET role = excluded.role")) {
      p.setString(1, project);
      p.setString(2, member);
      p.setString(3, role.id());
      p.executeUpdate();
    }
  }

  /** Runs statements as the administrator. */
  public void sql(String... statements) throws SQLException {
    try (Connection c = admin(); Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
    }
  }

  /** A connection as the administrator. */
  public Connection admin() throws SQLException {
    return TeamPostgres.adminConnection(cluster, name);
  }
}
