package io.engram.cli.team;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.team.TeamRole;
import io.engram.team.testing.TeamPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What may leave a member's machine and how far a team memory is trusted: personal memories never leave,
 * secrets are redacted again, the size limit holds, the mirror is read-only (the dream never deletes from it),
 * and a member's own correction wins over a team memory it contradicts.
 */
class TeamSharingRulesTest {
  @RegisterExtension static final TeamPostgres PG = TeamPostgres.migratedWith("ada", "ben");
  private static final String GITHUB_TOKEN = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2";

  @TempDir Path root;

  private TeamMember member(String name, String remote) throws Exception {
    TeamMember m = new TeamMember(PG.database(), root, name, remote);
    m.connect(TeamRole.WRITER);
    return m;
  }

  @Test
  void userAndFeedbackMemoriesAreNeverShared() throws Exception {
    TeamMember ada = member("ada", "git@github.com:acme/personal.git");
    ada.remember("prefers-short-answers", "user", "Ada prefers short answers without summaries.");
    ada.remember("no-mocks", "feedback", "Do not mock the database in integration tests; use the real one.");

    CommandRun user = ada.run("team", "share", "prefers-short-answers");
    CommandRun feedback = ada.run("team", "share", "no-mocks");

    assertThat(user.exitCode()).isEqualTo(1);
    assertThat(user.err()).contains("is a user memory: personal");
    assertThat(feedback.exitCode()).isEqualTo(1);
    assertThat(ada.json("team", "status").get("pending")).isEmpty();
    assertThat(ada.run("team", "share", "no-mocks", "--force").exitCode()).isEqualTo(2);
  }

  @Test
  void aSecretWrittenIntoTheFileByHandIsRedactedBeforeItLeaves() throws Exception {
    TeamMember ada = member("ada", "git@github.com:acme/secrets.git");
    ada.remember("ci-token", "reference", "The CI job reads its token from the vault.");
    Path file = Path.of(ada.listed("ci-token").get("path").asText());
    Files.writeString(file, Files.readString(file).replace("from the vault.", "from the vault: " + GITHUB_TOKEN));

    JsonNode shared = ada.json("team", "share", "ci-token");

    assertThat(shared.get("redacted").asBoolean()).isTrue();
    String body = teamBody("ci-token");
    assertThat(body).doesNotContain(GITHUB_TOKEN).contains("from the vault");
  }

  @Test
  void aMemoryOverTheSizeLimitIsRefused() throws Exception {
    TeamMember ada = member("ada", "git@github.com:acme/large.git");
    ada.remember("big-table", "reference", "The table of error codes.");
    Path file = Path.of(ada.listed("big-table").get("path").asText());
    Files.writeString(file, Files.readString(file) + "| code | meaning |\n".repeat(6_000));

    CommandRun r = ada.run("team", "share", "big-table");

    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).contains("a team memory holds at most 65536 (memory.maxMemoryBytes)");
    assertThat(ada.json("team", "status").get("pending")).isEmpty();
  }

  @Test
  void theMirrorIsReadOnlyAndTheDreamLeavesItWhole() throws Exception {
    TeamMember ada = member("ada", "git@github.com:acme/dream.git");
    TeamMember ben = member("ben", "git@github.com:acme/dream.git");
    ada.remember("release-day", "project", "Releases go out on Tuesdays after the 10:00 stand-up.");
    ada.ok("team", "share", "release-day");
    ben.ok("team", "sync");
    ben.remember("release-day-copy", "project", "Releases go out on Tuesdays after the 10:00 stand-up.");
    Path mirrored = Path.of(ben.listed("release-day").get("path").asText());

    CommandRun forget = ben.run("forget", "release-day");
    CommandRun dream = ben.run("dream", "--force");

    assertThat(forget.exitCode()).isEqualTo(1);
    assertThat(forget.err()).contains("team memory, read-only");
    assertThat(dream.exitCode()).as(dream.err()).isZero();
    assertThat(mirrored).exists();
    assertThat(ben.listed("release-day").get("scope").asText()).isEqualTo("team");
  }

  @Test
  void aTeamMemoryYieldsToTheMembersOwnCorrectionInRecall() throws Exception {
    TeamMember ada = member("ada", "git@github.com:acme/trust.git");
    TeamMember ben = member("ben", "git@github.com:acme/trust.git");
    ada.remember("install-deps", "project", "Install the dependencies with npm install before the first build.");
    ada.ok("team", "share", "install-deps");
    ben.remember("use-pnpm", "feedback", "Install the dependencies with pnpm install before the first build.");

    JsonNode synced = ben.json("team", "sync");
    JsonNode recalled = ben.json("recall", "how", "do", "I", "install", "the", "dependencies", "before", "the", "build?");

    assertThat(synced.get("proposals").get(0).asText()).contains("use-pnpm").contains("install-deps").contains("ada");
    assertThat(recalled.get("memories").get(0).get("name").asText()).isEqualTo("use-pnpm");
    assertThat(recalled.get("memories").findValuesAsText("name")).doesNotContain("install-deps");
    assertThat(recalled.get("leftOut").toString()).contains("install-deps").contains("superseded");
    // Only ben's view yields: the others still get the team's memory, with its author and age.
    ada.ok("team", "sync");
    JsonNode adaAfterSync = ada.json("recall", "install", "dependencies", "npm", "build");
    assertThat(adaAfterSync.get("memories").get(0).get("content").asText())
        .contains("Team memory shared by ada").contains("(today)");
  }

  private static String teamBody(String slug) throws Exception {
    try (Connection c = PG.database().admin();
        PreparedStatement p = c.prepareStatement("SELECT body FROM engram.memories WHERE slug = ?")) {
      p.setString(1, slug);
      try (ResultSet r = p.executeQuery()) {
        assertThat(r.next()).isTrue();
        return r.getString(1);
      }
    }
  }
}
