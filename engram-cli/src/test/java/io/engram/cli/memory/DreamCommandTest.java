package io.engram.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DreamCommandTest {
  @TempDir Path home;
  @TempDir Path project;

  private CommandRun run(String... args) {
    return CommandRun.in(home, project, args);
  }

  private Path seed() throws Exception {
    run("remember", "--type", "feedback", "--name", "redis-tests",
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first.");
    Thread.sleep(5);
    run("remember", "--type", "feedback", "--name", "redis-tests-again",
        "Integration tests need a local Redis on port 6379. Start it with docker compose up redis first. Flush it.");
    return Path.of(JsonOutput.mapper().readTree(run("show", "redis-tests", "--json").out()).get("path").asText())
        .getParent();
  }

  @Test
  void withoutForceTheGatesKeepTheDreamWaiting() throws Exception {
    seed();
    CommandRun r = run("dream");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("dream not run", "session(s) touched memory since");
  }

  @Test
  void aDryRunPrintsTheDiffAndWritesNothing() throws Exception {
    Path dir = seed();
    String before = Files.readString(dir.resolve("redis-tests.md"));
    CommandRun r = run("dream", "--force", "--dry-run");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("--- a/redis-tests.md", "+++ /dev/null", "dry run, nothing written",
        "merge redis-tests.md into redis-tests-again.md");
    assertThat(r.err()).contains("dream: orient (2 items)", "dream: prune");
    assertThat(Files.readString(dir.resolve("redis-tests.md"))).isEqualTo(before);
  }

  @Test
  void forceAppliesAndUndoRestores() throws Exception {
    Path dir = seed();
    String before = Files.readString(dir.resolve("redis-tests.md"));
    String index = Files.readString(dir.resolve("MEMORY.md"));
    CommandRun r = run("dream", "--force");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("applied, run", "undo with: engram dream --undo");
    assertThat(dir.resolve("redis-tests.md")).doesNotExist();
    CommandRun undo = run("dream", "--undo");
    assertThat(undo.out()).contains("undid dream run", "restored redis-tests.md");
    assertThat(Files.readString(dir.resolve("redis-tests.md"))).isEqualTo(before);
    assertThat(Files.readString(dir.resolve("MEMORY.md"))).isEqualTo(index);
    assertThat(run("dream", "--undo").out()).contains("no dream run to undo");
  }

  @Test
  void jsonPrintsOnlyTheJson() throws Exception {
    seed();
    CommandRun r = run("dream", "--force", "--dry-run", "--json");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode json = JsonOutput.mapper().readTree(r.out());
    assertThat(json.get("outcome").asText()).isEqualTo("dry_run");
    assertThat(json.get("engine").asText()).isEqualTo("offline");
    assertThat(json.get("counts").get("merge").asInt()).isEqualTo(1);
    assertThat(json.get("gates").get("forced").asBoolean()).isTrue();
    assertThat(json.fieldNames()).toIterable().containsExactly("outcome", "gates", "runId", "engine", "memories",
        "sessions", "candidates", "counts", "changes", "diff", "problems");
    assertThat(r.err()).isEmpty();
    JsonNode undo = JsonOutput.mapper().readTree(run("dream", "--undo", "--json").out());
    assertThat(undo.get("undone").asBoolean()).isFalse();
  }

  @Test
  void undoWithForceIsAUsageError() {
    assertThat(run("dream", "--undo", "--force").exitCode()).isEqualTo(2);
  }

  @Test
  void theProgressBarFillsWithItsItems() {
    assertThat(DreamProgressDisplay.bar(0, 4)).isEqualTo("[------------------------]");
    assertThat(DreamProgressDisplay.bar(2, 4)).isEqualTo("[############------------]");
    assertThat(DreamProgressDisplay.bar(0, 0)).isEqualTo("[########################]");
  }
}
