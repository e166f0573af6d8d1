package io.engram.team;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The member's password for the team database and where it came from. Engram reads it, passes it to the driver
 * and never writes it anywhere; {@link #toString()} leaves it out.
 *
 * @param value the password; empty when none was found (the server may not ask for one)
 * @param from where it came from ({@code ENGRAM_TEAM_PASSWORD}, a {@code .pgpass} line, or {@code none})
 * @param note why a password file was not used, if it was not
 */
public record TeamPassword(Optional<String> value, String from, Optional<String> note) {
  /** The environment variable a member's password may come from. */
  public static final String ENV = "ENGRAM_TEAM_PASSWORD";

  public TeamPassword {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(from, "from");
    Objects.requireNonNull(note, "note");
  }

  /**
   * The password for {@code endpoint}: {@value #ENV} when set, else the first matching line of the password file
   * ({@code PGPASSFILE}, else {@code <userHome>/.pgpass}), else none.
   */
  public static TeamPassword resolve(TeamEndpoint endpoint, Map<String, String> env, Path userHome) throws IOException {
    String fromEnv = env.get(ENV);
    if (fromEnv != null && !fromEnv.isEmpty()) {
      return new TeamPassword(Optional.of(fromEnv), ENV, Optional.empty());
    }
    String named = env.get("PGPASSFILE");
    Path file = named != null && !named.isBlank() ? Path.of(named) : userHome.resolve(".pgpass");
    PgPass.Lookup found = PgPass.find(file, endpoint);
    if (found.password().isPresent()) {
      return new TeamPassword(found.password(), file + " line " + found.line(), Optional.empty());
    }
    return new TeamPassword(Optional.empty(), "none", found.note());
  }

  @Override
  public String toString() {
    return "TeamPassword[from=" + from + (value.isPresent() ? ", set" : ", none") + "]";
  }
}
