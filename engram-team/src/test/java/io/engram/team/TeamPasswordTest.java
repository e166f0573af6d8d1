package io.engram.team;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a member's password comes from, and the URL rules that keep one from ever being written down. */
class TeamPasswordTest {
  private static final TeamEndpoint ADA =
      TeamEndpoint.parse("jdbc:postgresql://db.example.com:5433/team?user=ada", Map.of(), "login");

  @TempDir Path home;

  @Test
  void theEnvironmentVariableWinsOverThePasswordFile() throws Exception {
    pgpass("db.example.com:5433:team:ada:from-file\n");
    TeamPassword p = TeamPassword.resolve(ADA, Map.of(TeamPassword.ENV, "from-env"), home);
    assertThat(p.value()).contains("from-env");
    assertThat(p.from()).isEqualTo(TeamPassword.ENV);
    assertThat(p.toString()).doesNotContain("from-env");
  }

  @Test
  void thePasswordFileIsReadAsLibpqReadsIt() throws Exception {
    pgpass("# comment\nother.host:*:*:*:nope\n*:5433:team:ada:pa\\:ss\\\\word\n*:*:*:*:fallback\n");
    TeamPassword p = TeamPassword.resolve(ADA, Map.of(), home);
    assertThat(p.value()).contains("pa:ss\\word");
    assertThat(p.from()).endsWith(".pgpass line 3");
  }

  @Test
  void aPasswordFileOthersCanReadIsIgnoredWithTheReason() throws Exception {
    Path file = pgpass("*:*:*:*:secret\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    TeamPassword p = TeamPassword.resolve(ADA, Map.of(), home);
    assertThat(p.value()).isEmpty();
    assertThat(p.note().orElseThrow()).contains("chmod 0600");
  }

  @Test
  void aUrlWithAPasswordIsRefusedAndTheUserComesFromTheUrlThenPguserThenTheLogin() {
    assertThatThrownBy(() -> TeamEndpoint.parse("jdbc:postgresql://h/db?user=ada&password=x", Map.of(), "l"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("never writes one down");
    assertThat(TeamEndpoint.parse("jdbc:postgresql://h/db", Map.of("PGUSER", "pg"), "l").user()).isEqualTo("pg");
    assertThat(TeamEndpoint.parse("jdbc:postgresql://h/db", Map.of(), "l").user()).isEqualTo("l");
    assertThat(TeamEndpoint.parse("jdbc:postgresql://[::1]:6000/db", Map.of(), "l").port()).isEqualTo(6000);
    assertThatThrownBy(() -> TeamEndpoint.parse("postgres://h/db", Map.of(), "l"))
        .hasMessageContaining("not a PostgreSQL JDBC URL");
  }

  private Path pgpass(String text) throws Exception {
    Path file = home.resolve(".pgpass");
    Files.writeString(file, text);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }
}
