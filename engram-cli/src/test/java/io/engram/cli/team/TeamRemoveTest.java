package io.engram.cli.team;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.team.TeamRole;
import io.engram.team.testing.TeamPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code engram team remove}: the author or a maintainer removes a team memory, the database refuses everyone else
 * and audits the removal, and the removal reaches every member's mirror at their next sync.
 */
class TeamRemoveTest {
  @RegisterExtension static final TeamPostgres PG = TeamPostgres.migratedWith("ada", "ben", "rae", "max");

  @TempDir Path root;

  private TeamMember member(String name, String remote, TeamRole role) throws Exception {
    TeamMember m = new TeamMember(PG.database(), root, name, remote);
    m.connect(role);
    return m;
  }

  @Test
  void theAuthorRemovesATeamMemoryItLeavesEveryMirrorAndTheAuditLogSaysWho() throws Exception {
    TeamMember ada = member("ada", "git@github.com:acme/remove.git", TeamRole.WRITER);
    TeamMember ben = member("ben", "https://github.com/acme/remove.git", TeamRole.WRITER);
    ada.remember("old-endpoint", "reference", "The metrics endpoint is /v1/metrics on port 9100.");
    ada.ok("team", "share", "old-endpoint");
    ada.ok("team", "sync");
    ben.ok("team", "sync");
    assertThat(ben.listed("old-endpoint").get("scope").asText()).isEqualTo("team");

    JsonNode removed = ada.json("team", "remove", "old-endpoint");

    assertThat(removed.get("state").asText()).isEqualTo("removed");
    assertThat(removed.get("version").asInt()).isEqualTo(2);
    assertThat(names(ada)).doesNotContain("old-endpoint");
    // Ben's mirror holds it until his next sync brings the removal.
    assertThat(names(ben)).contains("old-endpoint");
    JsonNode synced = ben.json("team", "sync");
    assertThat(synced.get("removed").asInt()).isEqualTo(1);
    assertThat(synced.get("teamMemories").asInt()).isZero();
    assertThat(names(ben)).doesNotContain("old-endpoint");
    assertThat(ada.json("team", "sync").get("teamMemories").asInt()).isZero();
    assertThat(audit("old-endpoint")).containsExactly("ada share 1", "ada remove 2");
  }

  @Test
  void onlyTheAuthorOrAMaintainerMayRemoveTheDatabaseRefusesTheOthers() throws Exception {
    String remote = "git@github.com:acme/roles.git";
    TeamMember ada = member("ada", remote, TeamRole.WRITER);
    TeamMember ben = member("ben", remote, TeamRole.WRITER);
    TeamMember rae = member("rae", remote, TeamRole.READER);
    TeamMember max = member("max", remote, TeamRole.MAINTAINER);
    ada.remember("ci-image", "project", "CI builds run in the ci-base:22 image.");
    ada.ok("team", "share", "ci-image");
    for (TeamMember m : List.of(ben, rae, max)) {
      m.ok("team", "sync");
    }

    CommandRun reader = rae.run("team", "remove", "ci-image");
    CommandRun otherWriter = ben.run("team", "remove", "ci-image");

    assertThat(reader.exitCode()).isEqualTo(1);
    assertThat(reader.err().strip()).doesNotContain("\n").contains("refused").contains("role in")
        .contains("reader").contains("only its author (ada) or a maintainer can remove");
    assertThat(otherWriter.exitCode()).isEqualTo(1);
    assertThat(otherWriter.err()).contains("only its author (ada) or a maintainer can remove");
    assertThat(rae.listed("ci-image").get("scope").asText()).isEqualTo("team");
    assertThat(rae.json("team", "status").get("refused").get(0).asText()).startsWith("ci-image: ");
    assertThat(audit("ci-image")).containsExactly("ada share 1");

    assertThat(max.json("team", "remove", "ci-image").get("state").asText()).isEqualTo("removed");
    assertThat(ben.json("team", "sync").get("removed").asInt()).isEqualTo(1);
    assertThat(names(ben)).doesNotContain("ci-image");
    assertThat(audit("ci-image")).containsExactly("ada share 1", "max remove 2");
    CommandRun unknown = ben.run("team", "remove", "ci-image");
    assertThat(unknown.exitCode()).isEqualTo(1);
    assertThat(unknown.err()).contains("no team memory named 'ci-image'");
  }

  private static List<String> names(TeamMember m) throws Exception {
    return StreamSupport.stream(m.json("list").get("memories").spliterator(), false)
        .map(x -> x.get("name").asText()).toList();
  }

  private static List<String> audit(String slug) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = PG.database().admin(); PreparedStatement p = c.prepareStatement(
        "SELECT actor, action, version FROM engram.audit_log WHERE subject = ? ORDER BY id")) {
      p.setString(1, slug);
      try (ResultSet r = p.executeQuery()) {
        while (r.next()) {
          out.add(r.getString(1) + " " + r.getString(2) + " " + r.getInt(3));
        }
      }
    }
    return out;
  }
}
