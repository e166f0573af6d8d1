package io.engram.cli.team;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.team.TeamRole;
import io.engram.team.testing.TeamPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Team memory end to end through the command line: members with Engram homes of their own and clones of one git
 * repository (same remote), one real PostgreSQL.
 */
class TeamCommandTest {
  @RegisterExtension static final TeamPostgres PG = TeamPostgres.migratedWith("ada", "ben", "rae");

  @TempDir Path root;

  private TeamMember member(String name, String remote) throws Exception {
    return new TeamMember(PG.database(), root, name, remote);
  }

  @Test
  void twoClonesSeeEachOthersSharedMemoriesWithTheirAuthorsAfterSync() throws Exception {
    TeamMember ada = member("ada", "git@github.com:acme/shop.git");
    TeamMember ben = member("ben", "https://github.com/acme/shop.git");
    String key = ada.connect(TeamRole.WRITER);
    assertThat(ben.connect(TeamRole.WRITER)).isEqualTo(key);
    ada.remember("deploy-order", "project", "Deploy the payments API before the checkout workers, never after.");

    JsonNode shared = ada.json("team", "share", "deploy-order");
    assertThat(shared.get("state").asText()).isEqualTo("shared");
    assertThat(shared.get("version").asInt()).isEqualTo(1);
    CommandRun sent = ada.ok("team", "sync");
    assertThat(sent.err().lines()).as("each step as it starts, off a terminal").hasSize(4)
        .first().asString().startsWith("team sync: connecting to jdbc:postgresql:");
    assertThat(sent.err().lines().skip(1)).containsExactly("team sync: sending 0 queued change(s)",
        "team sync: pulling the team's changes", "team sync: reviewing what changed");
    JsonNode synced = ben.json("team", "sync");
    assertThat(synced.get("pulled").asInt()).isEqualTo(1);
    assertThat(synced.get("teamMemories").asInt()).isEqualTo(1);
    assertThat(ben.run("team", "sync", "--json").err()).as("no progress with --json").isEmpty();

    JsonNode seen = ben.listed("deploy-order");
    assertThat(seen.get("scope").asText()).isEqualTo("team");
    assertThat(seen.get("author").asText()).isEqualTo("ada");
    JsonNode recalled = ben.json("recall", "in", "which", "order", "do", "we", "deploy", "the", "payments", "API?");
    JsonNode first = recalled.get("memories").get(0);
    assertThat(first.get("name").asText()).isEqualTo("deploy-order");
    assertThat(first.get("content").asText()).contains("Team memory shared by ada").contains("checkout workers");
    // The author's own copy went to the trash once the team held its words: ada follows the team's version too.
    assertThat(ada.listed("deploy-order").get("scope").asText()).isEqualTo("team");
    // Ada's history says who changed what: she wrote her copy, team sync retired it once the team held it.
    JsonNode adaVersions = ada.json("show", "deploy-order", "--history").get("versions");
    assertThat(adaVersions.get(0).get("by").asText() + " " + adaVersions.get(0).get("change").asText())
        .isEqualTo("team forgotten");
    assertThat(adaVersions.get(1).get("by").asText() + " " + adaVersions.get(1).get("change").asText())
        .isEqualTo("cli created");

    JsonNode status = ben.json("team", "status");
    assertThat(status.get("link").get("member").asText()).isEqualTo("ben");
    assertThat(status.get("lastSync").isNull()).isFalse();
    assertThat(status.get("pending")).isEmpty();
    assertThat(status.get("teamMemories").asInt()).isEqualTo(1);
    assertThat(Files.readString(ben.home.resolve("projects").resolve(key).resolve("team/connection.json")))
        .doesNotContain(PG.database().password("ben"));
  }

  @Test
  void aReaderCannotShareTheDatabaseRefusesItInOneLine() throws Exception {
    TeamMember rae = member("rae", "git@github.com:acme/readers.git");
    rae.connect(TeamRole.READER);
    rae.remember("build-cache", "project", "The build cache lives in /var/cache/shop.");

    CommandRun refused = rae.run("team", "share", "build-cache");

    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err().strip()).doesNotContain("\n").contains("refused").contains("rae")
        .contains("role in").contains("reader").contains("row-level security");
    JsonNode status = rae.json("team", "status");
    assertThat(status.get("pending")).isEmpty();
    assertThat(status.get("refused").get(0).asText()).startsWith("build-cache: ");
    assertThat(rae.listed("build-cache").get("scope").asText()).isEqualTo("project");
    try (Connection c = PG.database().admin(); ResultSet r = c.createStatement().executeQuery(
        "SELECT count(*) FROM engram.memories WHERE slug = 'build-cache'")) {
      r.next();
      assertThat(r.getInt(1)).isZero();
    }
  }

  @Test
  void aConcurrentEditBecomesAConflictNotALossAndResolveSettlesIt() throws Exception {
    TeamMember ada = member("ada", "git@github.com:acme/ports.git");
    TeamMember ben = member("ben", "git@github.com:acme/ports.git");
    ada.connect(TeamRole.WRITER);
    ben.connect(TeamRole.WRITER);
    ada.remember("api-port", "project", "The API listens on port 8080 in development.");
    ada.ok("team", "share", "api-port");
    ada.ok("team", "sync");
    ben.ok("team", "sync");

    ada.ok("edit", "api-port", "--editor", "sed -i s/8080/9090/");
    ben.ok("edit", "api-port", "--editor", "sed -i s/8080/7070/");
    assertThat(ada.json("team", "share", "api-port").get("version").asInt()).isEqualTo(2);
    JsonNode lost = ben.json("team", "share", "api-port");

    assertThat(lost.get("state").asText()).isEqualTo("conflict");
    assertThat(lost.get("detail").asText()).contains("by ada");
    JsonNode synced = ben.json("team", "sync");
    assertThat(synced.get("openConflicts").asInt()).isEqualTo(1);
    assertThat(ben.json("team", "status").get("conflicts").get(0).asText()).startsWith("api-port: ben's edit");
    // Nothing is lost: ben still has his words, the team has ada's.
    assertThat(Files.readString(Path.of(ben.listed("api-port").get("path").asText()))).contains("7070");
    ada.ok("team", "sync");
    assertThat(Files.readString(Path.of(ada.listed("api-port").get("path").asText()))).contains("9090");

    // Ben may not write his edit over ada's memory: the database refuses, says why, and the conflict stays open.
    CommandRun notHis = ben.run("team", "resolve", "api-port", "--keep", "conflict");
    assertThat(notHis.exitCode()).isEqualTo(1);
    assertThat(notHis.err()).contains("refused").contains("only its author (ada) or a maintainer");
    assertThat(ben.json("team", "sync").get("openConflicts").asInt()).isEqualTo(1);
    // Ada, the memory's author, takes ben's edit.
    JsonNode resolved = ada.json("team", "resolve", "api-port", "--keep", "conflict");
    assertThat(resolved.get("state").asText()).isEqualTo("resolved");
    assertThat(resolved.get("version").asInt()).isEqualTo(3);
    assertThat(ada.json("team", "sync").get("openConflicts").asInt()).isZero();
    JsonNode now = ada.listed("api-port");
    assertThat(now.get("scope").asText()).isEqualTo("team");
    assertThat(Files.readString(Path.of(now.get("path").asText()))).contains("7070").contains("changedBy: ada");
  }

  @Test
  void withTheDatabaseStoppedSharesQueueDurablyAndTheNextSyncCatchesUp() throws Exception {
    TeamMember ada = member("ada", "git@github.com:acme/offline.git");
    TeamMember ben = member("ben", "git@github.com:acme/offline.git");
    ada.connect(TeamRole.WRITER);
    ben.connect(TeamRole.WRITER);
    ada.remember("feature-flags", "project", "Feature flags are read from flags.yaml at start-up only.");
    ada.remember("log-format", "reference", "Logs are JSON lines, one event per line, in logs/app.jsonl.");

    PG.database().cluster().stop();
    try {
      assertThat(ada.json("team", "share", "feature-flags").get("state").asText()).isEqualTo("queued");
      assertThat(ada.json("team", "share", "log-format").get("state").asText()).isEqualTo("queued");
      CommandRun offline = ada.run("team", "sync");
      assertThat(offline.exitCode()).isEqualTo(1);
      assertThat(offline.err()).contains("unreachable").contains("queued changes stay queued");
      JsonNode status = ada.json("team", "status");
      assertThat(status.get("pending")).hasSize(2);
      assertThat(status.get("lastError").asText()).contains("unreachable");
      // Everything local keeps working.
      assertThat(ada.listed("feature-flags").get("scope").asText()).isEqualTo("project");
    } finally {
      PG.database().cluster().start();
    }

    JsonNode caughtUp = ada.json("team", "sync");
    assertThat(caughtUp.get("pushed").asInt()).isEqualTo(2);
    assertThat(caughtUp.get("pending").asInt()).isZero();
    assertThat(ben.json("team", "sync").get("teamMemories").asInt()).isEqualTo(2);
    assertThat(ben.listed("log-format").get("author").asText()).isEqualTo("ada");
  }
}
