package io.engram.cli.team;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import io.engram.team.TeamRole;
import io.engram.team.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

/**
 * One team member on one machine, for the team commands' tests: an Engram home, a user home and a clone of a git
 * repository (only its remote matters), running the engram command line in-process with the member's password in
 * {@code ENGRAM_TEAM_PASSWORD}.
 */
final class TeamMember {
  final String name;
  final Path home;
  final Path userHome;
  final Path clone;
  private final TestDatabase db;

  TeamMember(TestDatabase db, Path root, String name, String remote) throws Exception {
    this.db = db;
    this.name = name;
    this.home = Files.createDirectories(root.resolve(name + "/engram"));
    this.userHome = Files.createDirectories(root.resolve(name + "/home"));
    this.clone = Files.createDirectories(root.resolve(name + "/work/app/.git")).getParent();
    Files.writeString(clone.resolve(".git/config"), "[core]\n\trepositoryformatversion = 0\n[remote \"origin\"]\n"
        + "\turl = " + remote + "\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n");
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
  }

  CommandRun run(String... args) {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("ENGRAM_SERVICE", "off");
    env.put("HOME", userHome.toString());
    env.remove("PGPASSFILE");
    env.remove("PGUSER");
    env.put("ENGRAM_TEAM_PASSWORD", db.password(name));
    List<String> all = new ArrayList<>(List.of("--home", home.toString(), "--project", clone.toString()));
    all.addAll(List.of(args));
    return CommandRun.inEnvironment(env, all.toArray(String[]::new));
  }

  CommandRun ok(String... args) {
    CommandRun r = run(args);
    assertThat(r.exitCode()).as(String.join(" ", args) + " of " + name + ": " + r.err() + r.out()).isZero();
    return r;
  }

  JsonNode json(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--json");
    return JsonOutput.mapper().readTree(ok(all.toArray(String[]::new)).out());
  }

  /** Connects to the test database as this member and grants them {@code role}; returns the project key. */
  String connect(TeamRole role) throws Exception {
    JsonNode c = json("team", "connect", "--url", db.url(name));
    String key = c.get("link").get("projectKey").asText();
    db.grant(key, name, role);
    return key;
  }

  void remember(String memory, String type, String body) {
    ok("remember", "--type", type, "--name", memory, "--description", "About " + memory, body);
  }

  JsonNode listed(String memory) throws Exception {
    return StreamSupport.stream(json("list").get("memories").spliterator(), false)
        .filter(m -> m.get("name").asText().equals(memory)).findFirst().orElseThrow(
            () -> new AssertionError(name + " does not list " + memory));
  }
}
