package io.engram.team;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.engram.config.TeamSettings;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * A small connection pool (HikariCP) to the team database, logged in as the member. Opening it tries one
 * connection at once, so an unreachable or refusing database is known before any work starts; every failure
 * comes out sorted ({@link TeamUnreachableException}, {@link TeamRefusedException}).
 */
public final class TeamDatabase implements AutoCloseable {
  /** Work done on one connection; a transaction when run through {@link #inTransaction}. */
  @FunctionalInterface
  interface SqlWork<T> {
    T run(Connection connection) throws SQLException, IOException;
  }

  private final TeamEndpoint endpoint;
  private final HikariDataSource pool;

  private TeamDatabase(TeamEndpoint endpoint, HikariDataSource pool) {
    this.endpoint = endpoint;
    this.pool = pool;
  }

  /** Opens a pool to {@code endpoint} with {@code password}; throws when the first connection fails. */
  public static TeamDatabase open(TeamEndpoint endpoint, TeamPassword password, TeamSettings settings)
      throws IOException {
    Objects.requireNonNull(endpoint, "endpoint");
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(endpoint.url());
    config.setUsername(endpoint.user());
    // Always a password, if only an empty one: without it the driver would read ~/.pgpass itself, even one
    // that the rules of TeamPassword (libpq's) ignore.
    config.setPassword(password.value().orElse(""));
    config.setMaximumPoolSize(settings.maxConnections());
    config.setMinimumIdle(0);
    config.setConnectionTimeout(Math.max(250L, settings.connectTimeoutSeconds() * 1000L));
    config.setInitializationFailTimeout(1);
    config.setPoolName("engram-team");
    config.addDataSourceProperty("connectTimeout", settings.connectTimeoutSeconds());
    config.addDataSourceProperty("ApplicationName", "engram");
    try {
      probe(endpoint, password, settings);
      return new TeamDatabase(endpoint, new HikariDataSource(config));
    } catch (SQLException | RuntimeException e) {
      throw SqlFailures.classify("connecting", endpoint, e);
    }
  }

  // One plain connection first: the pool's own fail-fast check sleeps a second after a refused attempt, and a
  // command run with the database down should say so at once and queue its change.
  private static void probe(TeamEndpoint endpoint, TeamPassword password, TeamSettings settings)
      throws SQLException {
    connect(endpoint, password, settings).close();
  }

  /** One connection outside any pool (the watcher's, which LISTENs on it); failures sorted as {@link #open}'s. */
  static Connection plainConnection(TeamEndpoint endpoint, TeamPassword password, TeamSettings settings)
      throws IOException {
    try {
      return connect(endpoint, password, settings);
    } catch (SQLException | RuntimeException e) {
      throw SqlFailures.classify("connecting", endpoint, e);
    }
  }

  private static Connection connect(TeamEndpoint endpoint, TeamPassword password, TeamSettings settings)
      throws SQLException {
    java.util.Properties props = new java.util.Properties();
    props.setProperty("user", endpoint.user());
    props.setProperty("password", password.value().orElse(""));
    props.setProperty("connectTimeout", String.valueOf(settings.connectTimeoutSeconds()));
    props.setProperty("ApplicationName", "engram");
    Connection c = new org.postgresql.Driver().connect(endpoint.url(), props);
    if (c == null) {
      throw new SQLException("not a PostgreSQL URL: " + endpoint.url(), "08001");
    }
    return c;
  }

  /** Where it is connected. */
  public TeamEndpoint endpoint() {
    return endpoint;
  }

  DataSource dataSource() {
    return pool;
  }

  /** Runs {@code work} on a pooled connection in autocommit mode. */
  <T> T run(String doing, SqlWork<T> work) throws IOException {
    try (Connection c = pool.getConnection()) {
      return work.run(c);
    } catch (SQLException | RuntimeException e) {
      throw SqlFailures.classify(doing, endpoint, e);
    }
  }

  /** Runs {@code work} in one transaction: committed when it returns, rolled back when it throws. */
  <T> T inTransaction(String doing, SqlWork<T> work) throws IOException {
    try (Connection c = pool.getConnection()) {
      c.setAutoCommit(false);
      try {
        T result = work.run(c);
        c.commit();
        return result;
      } catch (SQLException | IOException | RuntimeException e) {
        rollbackQuietly(c);
        throw e;
      } finally {
        c.setAutoCommit(true);
      }
    } catch (SQLException | RuntimeException e) {
      throw SqlFailures.classify(doing, endpoint, e);
    }
  }

  private static void rollbackQuietly(Connection c) {
    try {
      c.rollback();
    } catch (SQLException e) {
      // The connection is gone; the transaction went with it.
    }
  }

  @Override
  public void close() {
    pool.close();
  }
}
