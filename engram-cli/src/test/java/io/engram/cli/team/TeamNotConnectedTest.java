package io.engram.cli.team;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every team command that needs the team store, run in a project never connected to one: one line that says how
 * to connect, exit 1, no stack trace, and nothing queued. No database is needed to say so.
 */
class TeamNotConnectedTest {
  @TempDir Path root;

  @Test
  void aCommandThatNeedsTheTeamStoreSaysHowToConnectInOneLine() throws Exception {
    Path home = Files.createDirectories(root.resolve("engram"));
    Path project = Files.createDirectories(root.resolve("app/.git")).getParent();
    Files.writeString(project.resolve(".git/config"), "[remote \"origin\"]\n\turl = git@github.com:acme/new.git\n");
    CommandRun.in(home, project, "remember", "--type", "project", "--name", "api-port", "The API listens on 8080.");

    for (List<String> command : List.of(List.of("team", "sync"), List.of("team", "share", "api-port"),
        List.of("team", "remove", "api-port"), List.of("team", "resolve", "api-port", "--keep", "team"),
        List.of("team", "migrate"))) {
      CommandRun run = CommandRun.in(home, project, command.toArray(String[]::new));
      assertThat(run.exitCode()).as(command + ": " + run.err()).isEqualTo(1);
      assertThat(run.err().strip()).as(command.toString()).isEqualTo("engram: this project is not connected to a"
          + " team store; connect it with engram team connect --url jdbc:postgresql://HOST/DB?user=NAME");
    }
    CommandRun status = CommandRun.in(home, project, "team", "status", "--json");
    assertThat(status.exitCode()).as(status.err()).isZero();
    assertThat(status.out()).contains("\"pending\" : [ ]");
    // Connecting to a database that is down records it anyway, and says where no password was found.
    CommandRun connect = CommandRun.inEnvironment(java.util.Map.of("HOME", root.toString(), "ENGRAM_SERVICE", "off"),
        "--home", home.toString(), "--project", project.toString(), "team", "connect", "--url",
        "jdbc:postgresql://127.0.0.1:1/team?user=ada");
    assertThat(connect.exitCode()).as(connect.err()).isZero();
    assertThat(connect.out()).contains("as ada (no password found in ENGRAM_TEAM_PASSWORD or ~/.pgpass)")
        .contains("not reachable now");
  }
}
