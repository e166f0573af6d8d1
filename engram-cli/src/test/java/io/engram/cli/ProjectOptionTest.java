package io.engram.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code --project} that names no directory is a usage error naming the path, on every command (the option is the
 * root's, inherited by all): a mistyped path used to show an empty memory and exit 0.
 */
class ProjectOptionTest {
  @TempDir Path home;
  @TempDir Path tmp;

  private CommandRun run(Path project, String... args) {
    return CommandRun.in(home, project, args);
  }

  @Test
  void aProjectThatDoesNotExistIsAUsageErrorNamingThePathOnEveryKindOfCommand() {
    Path missing = tmp.resolve("no-such-project");
    for (List<String> args : List.of(List.of("list"), List.of("recall", "redis port"), List.of("dream", "--dry-run"),
        List.of("remember", "--type", "project", "--name", "x", "A fact."), List.of("inbox", "list"),
        List.of("config"), List.of("init"), List.of("context"), List.of("hooks", "install"), List.of("reindex"),
        List.of("stats", "/etc/hostname"))) {
      CommandRun r = run(missing, args.toArray(String[]::new));
      assertThat(r.exitCode()).as(args + ": " + r.err()).isEqualTo(2);
      assertThat(r.err()).as(args.toString()).contains("--project " + missing + ": no such directory");
      assertThat(r.out()).as(args.toString()).isEmpty();
    }
    assertThat(missing).doesNotExist();
    assertThat(home.resolve("projects")).doesNotExist();
  }

  @Test
  void aProjectThatIsAFileIsAUsageErrorSayingSo() throws Exception {
    Path file = Files.writeString(tmp.resolve("notes.txt"), "not a project\n");
    CommandRun r = run(file, "list");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--project " + file + ": not a directory");
  }

  @Test
  void withJsonTheErrorIsJsonWithExitCodeTwo() throws Exception {
    Path missing = tmp.resolve("gone");
    CommandRun r = run(missing, "list", "--json");
    assertThat(r.exitCode()).isEqualTo(2);
    JsonNode json = JsonOutput.mapper().readTree(r.out());
    assertThat(json.get("error").asText()).contains("--project " + missing + ": no such directory");
    assertThat(json.get("exitCode").asInt()).isEqualTo(2);
  }

  @Test
  void aRelativeProjectIsNamedAsGivenAndWhereItWasLookedFor() {
    CommandRun r = CommandRun.of("--home", home.toString(), "--project", "no-such-relative-dir", "list");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--project no-such-relative-dir: no such directory ("
        + Path.of("no-such-relative-dir").toAbsolutePath() + ")");
  }

  @Test
  void helpStillWorksWithAMissingProject() {
    CommandRun r = run(tmp.resolve("gone"), "list", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("Usage: engram list");
  }

  @Test
  void anExistingProjectRunsAsBefore() {
    CommandRun r = run(tmp, "list");
    assertThat(r.exitCode()).as(r.err()).isZero();
  }
}
