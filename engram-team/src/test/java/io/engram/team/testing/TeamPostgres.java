package io.engram.team.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real PostgreSQL for the tests of a class: register it with {@code @RegisterExtension static final TeamPostgres
 * PG = new TeamPostgres();}, then {@link #database()} is a fresh database of its own, on one throwaway cluster
 * started once for the whole test run (and stopped at its end). {@link #migratedWith} also gives that database the
 * team schema and its members' login roles before the class's own {@code @BeforeAll} methods run.
 *
 * <p>Without PostgreSQL binaries the class is skipped with a message saying how to get them, unless {@code CI} is
 * set: there a missing PostgreSQL fails the run, so that a green CI never hides untested team code.
 */
public final class TeamPostgres implements BeforeAllCallback, AfterAllCallback {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(TeamPostgres.class);
  private static final AtomicInteger DATABASES = new AtomicInteger();

  private final List<String> members;
  private final boolean migrate;
  private TestDatabase database;

  /** A fresh, empty database for the class. */
  public TeamPostgres() {
    this(false, List.of());
  }

  private TeamPostgres(boolean migrate, List<String> members) {
    this.migrate = migrate;
    this.members = List.copyOf(members);
  }

  /** A fresh database for the class with the team schema applied and a login role for each of {@code members}. */
  public static TeamPostgres migratedWith(String... members) {
    return new TeamPostgres(true, List.of(members));
  }

  /** The database of the running test class. */
  public TestDatabase database() {
    if (database == null) {
      throw new IllegalStateException("TeamPostgres is used before its class started; register it as a static field");
    }
    return database;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    PostgresCluster cluster = context.getRoot().getStore(NS)
        .getOrComputeIfAbsent(ClusterHolder.class, k -> ClusterHolder.start(), ClusterHolder.class).cluster();
    String name = "engram_t" + DATABASES.incrementAndGet();
    try (Connection admin = adminConnection(cluster, "postgres"); Statement s = admin.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    }
    database = new TestDatabase(cluster, name);
    if (migrate) {
      database.migrate();
    }
    for (String member : members) {
      database.member(member);
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    database = null;
  }

  static Connection adminConnection(PostgresCluster cluster, String databaseName) throws SQLException {
    return DriverManager.getConnection(cluster.jdbcUrl(databaseName), cluster.adminUser(), cluster.adminPassword());
  }

  /** The cluster of the whole run; JUnit closes it when the run ends. */
  record ClusterHolder(PostgresCluster cluster) implements AutoCloseable {
    static ClusterHolder start() {
      try {
        Map<String, String> env = System.getenv();
        Optional<Path> bin = PostgresCluster.binaries(env);
        boolean ci = env.getOrDefault("CI", "").equalsIgnoreCase("true");
        if (bin.isEmpty()) {
          String missing = "no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin, on PATH or in "
              + PostgresCluster.BIN_ENV + "; install the postgresql package (.ci/setup does)";
          if (ci) {
            throw new IllegalStateException(missing + ": CI must run the team tests against a real PostgreSQL");
          }
          Assumptions.abort("team tests skipped: " + missing);
        }
        return new ClusterHolder(PostgresCluster.start(bin.get(), false));
      } catch (IOException e) {
        throw new IllegalStateException("could not start a throwaway PostgreSQL cluster: " + e.getMessage(), e);
      }
    }

    @Override
    public void close() throws IOException {
      cluster.close();
    }
  }
}
