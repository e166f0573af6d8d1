package io.engram.team;

import java.io.IOException;
import java.sql.ResultSet;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The team schema ({@code engram}) and its Flyway migrations ({@code db/team/V*.sql} on the classpath). Migrating
 * needs an administrator: the migrations create the {@code engram_member} group role, tables, triggers and
 * row-level security policies, and the one who runs them owns the schema. Members never migrate.
 */
public final class TeamSchema {
  /** The schema every team table lives in. */
  public static final String SCHEMA = "engram";

  private TeamSchema() {}

  /**
   * What a migration did.
   *
   * @param applied how many migrations ran now
   * @param version the schema version after it
   */
  public record Migration(int applied, String version) {}

  /** Brings the schema of {@code db} up to date; {@code db} must be logged in as an administrator. */
  public static Migration migrate(TeamDatabase db) throws IOException {
    try {
      MigrateResult result = Flyway.configure(TeamSchema.class.getClassLoader())
          .dataSource(db.dataSource())
          .schemas(SCHEMA)
          .createSchemas(true)
          .locations("classpath:db/team")
          .load()
          .migrate();
      return new Migration(result.migrationsExecuted, Optional.ofNullable(result.targetSchemaVersion)
          .orElse(Optional.ofNullable(result.initialSchemaVersion).orElse("none")));
    } catch (RuntimeException e) {
      throw SqlFailures.classify("migrating the team schema", db.endpoint(), e);
    }
  }

  /** Whether the team tables are there (and visible to the logged-in role). */
  static boolean installed(TeamDatabase db) throws IOException {
    return db.run("checking the team schema", c -> {
      try (ResultSet r = c.createStatement().executeQuery("SELECT to_regclass('engram.memories') IS NOT NULL")) {
        return r.next() && r.getBoolean(1);
      }
    });
  }
}
