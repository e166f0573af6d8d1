package io.engram.cli.team;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.redact.SecretRedactor;
import io.engram.team.TeamRole;
import io.engram.team.testing.TeamPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A memory whose name holds a secret (written by hand, or by another tool: Engram's own writes refuse such a name) is
 * known to the team by its redacted name. Every team command that takes a name finds it by the name as typed, secret
 * and all, and by the redacted name a listing shows; the secret reaches no file name, no row and no output.
 */
class TeamSecretNamesTest {
  @RegisterExtension static final TeamPostgres PG = TeamPostgres.migratedWith("ada", "ben");

  // A GitHub token by its shape (gitleaks' rule), made up for this test.
  private static final String SECRET = "ghp_" + "Zq4x8Lm2Vt7Rk9Pw3Nc6Hy1Bd5Gf0Js8Ka2E";
  private static final String TYPED = "deploy token " + SECRET;
  private static final String TEAM_NAME = SecretRedactor.standard().redact(TYPED).text();

  @TempDir Path root;

  @Test
  void everyTeamCommandFindsAMemoryByTheNameTypedWithItsSecretAndTheSecretGoesNowhere() throws Exception {
    TeamMember ada = new TeamMember(PG.database(), root, "ada", "git@github.com:acme/tokens.git");
    TeamMember ben = new TeamMember(PG.database(), root, "ben", "git@github.com:acme/tokens.git");
    ada.connect(TeamRole.WRITER);
    ben.connect(TeamRole.WRITER);
    assertThat(TEAM_NAME).doesNotContain(SECRET).isNotEqualTo(TYPED);
    Path handWritten = handWrite(ada, "The deploy job reads its token from the vault path ci-deploy.");
    List<CommandRun> runs = new ArrayList<>();

    JsonNode shared = json(ada, runs, "team", "share", TYPED);
    assertThat(shared.get("state").asText()).isEqualTo("shared");
    assertThat(shared.get("name").asText()).isEqualTo(TEAM_NAME);
    // The team holds the words of the hand-written copy, found by its team name: it goes to the trash.
    assertThat(handWritten).doesNotExist();
    run(ada, runs, "team", "sync");
    assertThat(ada.listed(TEAM_NAME).get("scope").asText()).isEqualTo("team");
    run(ben, runs, "team", "sync");
    assertThat(run(ben, runs, "show", TYPED).out()).contains("vault path ci-deploy");

    // Both edit the team's memory, named as typed; ben's share loses to ada's and is kept as a conflict.
    run(ada, runs, "edit", TYPED, "--editor", "sed -i s/ci-deploy/ci-release/");
    run(ben, runs, "edit", TYPED, "--editor", "sed -i s/ci-deploy/ci-ship/");
    assertThat(json(ada, runs, "team", "share", TYPED).get("version").asInt()).isEqualTo(2);
    assertThat(json(ben, runs, "team", "share", TYPED).get("state").asText()).isEqualTo("conflict");
    assertThat(json(ben, runs, "team", "sync").get("openConflicts").asInt()).isEqualTo(1);
    run(ada, runs, "team", "sync");
    JsonNode resolved = json(ada, runs, "team", "resolve", TYPED, "--keep", "conflict");
    assertThat(resolved.get("state").asText()).isEqualTo("resolved");
    assertThat(resolved.get("name").asText()).isEqualTo(TEAM_NAME);
    run(ada, runs, "team", "sync");
    assertThat(run(ada, runs, "show", TEAM_NAME).out()).contains("ci-ship");

    JsonNode removed = json(ada, runs, "team", "remove", TYPED);
    assertThat(removed.get("state").asText()).isEqualTo("removed");
    assertThat(json(ben, runs, "team", "sync").get("removed").asInt()).isEqualTo(1);
    CommandRun again = ada.run("team", "remove", TYPED);
    runs.add(again);
    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(again.err()).contains("no team memory named '" + TEAM_NAME + "'");

    for (CommandRun r : runs) {
      assertThat(r.out() + r.err()).doesNotContain(SECRET);
    }
    assertThat(databaseText()).isNotEmpty().allSatisfy(row -> assertThat(row).doesNotContain(SECRET));
    // Ada's hand-written file keeps its name in her trash (with its index line); nothing else either member holds
    // names the secret.
    assertThat(pathsHolding(ada.home)).isNotEmpty().allSatisfy(p -> assertThat(p).contains("memory/.trash/"));
    assertThat(pathsHolding(ben.home)).isEmpty();
  }

  @Test
  void theNameAListingShowsFindsTheMembersOwnCopyWhoseNameHoldsTheSecret() throws Exception {
    TeamMember ada = new TeamMember(PG.database(), root, "ada", "git@github.com:acme/listed.git");
    ada.connect(TeamRole.WRITER);
    Path handWritten = handWrite(ada, "Tokens rotate every ninety days.");

    JsonNode shared = ada.json("team", "share", TEAM_NAME);

    assertThat(shared.get("state").asText()).isEqualTo("shared");
    assertThat(handWritten).doesNotExist();
    ada.ok("team", "sync");
    assertThat(names(ada)).containsExactly(TEAM_NAME);
    assertThat(ada.listed(TEAM_NAME).get("scope").asText()).isEqualTo("team");
    assertThat(ada.json("team", "remove", TEAM_NAME).get("state").asText()).isEqualTo("removed");
  }

  /** A project memory called {@link #TYPED}, written as a person or another tool would: its file named after it. */
  private static Path handWrite(TeamMember m, String body) throws Exception {
    m.remember("deploy token", "project", body);
    Path file = Path.of(m.listed("deploy token").get("path").asText());
    Path named = file.resolveSibling("deploy-token-" + SECRET.toLowerCase(java.util.Locale.ROOT) + ".md");
    Files.writeString(named, Files.readString(file).replace("name: deploy token\n", "name: " + TYPED + "\n"));
    Files.delete(file);
    // A listing shows it by its redacted name, as every surface does.
    assertThat(names(m)).containsExactly(TEAM_NAME);
    assertThat(m.listed(TEAM_NAME).get("scope").asText()).isEqualTo("project");
    return named;
  }

  private static CommandRun run(TeamMember m, List<CommandRun> runs, String... args) {
    CommandRun r = m.ok(args);
    runs.add(r);
    return r;
  }

  private static JsonNode json(TeamMember m, List<CommandRun> runs, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--json");
    return io.engram.cli.output.JsonOutput.mapper().readTree(run(m, runs, all.toArray(String[]::new)).out());
  }

  private static List<String> names(TeamMember m) throws Exception {
    return StreamSupport.stream(m.json("list").get("memories").spliterator(), false)
        .map(x -> x.get("name").asText()).toList();
  }

  /** Every row of the team's tables, as text. */
  private static List<String> databaseText() throws Exception {
    List<String> rows = new ArrayList<>();
    try (Connection db = PG.database().admin(); Statement s = db.createStatement()) {
      for (String table : List.of("engram.memories", "engram.conflicts", "engram.audit_log")) {
        try (ResultSet r = s.executeQuery("SELECT t::text FROM " + table + " t")) {
          while (r.next()) {
            rows.add(r.getString(1));
          }
        }
      }
    }
    return rows;
  }

  /** The paths under {@code dir} whose name or content holds the secret (any case). */
  private static List<String> pathsHolding(Path dir) throws Exception {
    String needle = SECRET.toLowerCase(java.util.Locale.ROOT);
    try (Stream<Path> s = Files.walk(dir)) {
      List<String> out = new ArrayList<>();
      for (Path p : s.toList()) {
        boolean inName = dir.relativize(p).toString().toLowerCase(java.util.Locale.ROOT).contains(needle);
        boolean inText = Files.isRegularFile(p)
            && Files.readString(p, java.nio.charset.StandardCharsets.ISO_8859_1).toLowerCase(java.util.Locale.ROOT)
                .contains(needle);
        if (inName || inText) {
          out.add(dir.relativize(p).toString());
        }
      }
      return out;
    }
  }
}
