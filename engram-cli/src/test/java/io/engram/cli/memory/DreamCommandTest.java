package io.engram.cli.memory;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    CommandRun again = run("dream", "--undo");
    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(again.err()).contains("no dream run to undo: no dream has changed this project's memory");
    assertThat(again.out()).isEmpty();
  }

  @Test
  void undoKeepsAFileEditedSinceTheDreamAndSaysWhichAndWhy() throws Exception {
    Path dir = seed();
    String before = Files.readString(dir.resolve("redis-tests.md"));
    assertThat(run("dream", "--force").exitCode()).isZero();
    Path merged = dir.resolve("redis-tests-again.md");
    String edited = Files.readString(merged) + "\nThe user's own line.\n";
    Files.writeString(merged, edited);

    CommandRun undo = run("dream", "--undo", "--json");

    assertThat(undo.exitCode()).as(undo.err()).isZero();
    JsonNode kept = JsonOutput.mapper().readTree(undo.out()).get("kept");
    assertThat(kept).hasSize(1);
    assertThat(kept.get(0).get("path").asText()).isEqualTo("redis-tests-again.md");
    assertThat(kept.get(0).get("why").asText()).contains("edited since the dream");
    assertThat(merged).hasContent(edited);
    assertThat(dir.resolve("redis-tests.md")).hasContent(before);
  }

  @Test
  void inReviewModeAnIndexOnlyPruneSaysItPrunedTheIndexAndProposedNothing() throws Exception {
    Files.writeString(home.resolve("settings.json"), "{\"memory\":{\"review\":\"PROPOSE\"}}");
    run("remember", "--type", "project", "--name", "release-day", "The release branch is cut on Mondays.");
    Path dir = Path.of(JsonOutput.mapper().readTree(run("show", "release-day", "--json").out()).get("path").asText())
        .getParent();
    Path index = dir.resolve("MEMORY.md");
    String stale = Files.readString(index) + "- [Gone](gone.md) - a memory deleted by hand\n";
    Files.writeString(index, stale);

    CommandRun r = run("dream", "--force");

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("0 change(s) proposed to the review inbox", "the index pruned, run ",
        "applied: prune MEMORY.md: 1 line(s) dropped", "undo with: engram dream --undo");
    assertThat(Files.readString(index)).contains("release-day").doesNotContain("gone.md");
    assertThat(run("dream", "--undo").exitCode()).isZero();
    assertThat(index).hasContent(stale);
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
        "sessions", "candidates", "counts", "changes", "diff", "proposed", "problems", "purgedTrash");
    assertThat(r.err()).isEmpty();
    CommandRun nothingToUndo = run("dream", "--undo", "--json");
    assertThat(nothingToUndo.exitCode()).isEqualTo(1);
    assertThat(JsonOutput.mapper().readTree(nothingToUndo.out()).get("undone").asBoolean()).isFalse();
  }

  @Test
  void aForcedDreamPurgesTrashPastItsRetentionAndKeepsRecentTrash() throws Exception {
    // Nothing to merge: the purge must come from the dream itself, not from a merge's forget.
    run("remember", "--type", "project", "--name", "kept", "The release branch is cut on Mondays.");
    Path dir = Path.of(JsonOutput.mapper().readTree(run("show", "kept", "--json").out()).get("path").asText())
        .getParent();
    run("remember", "--type", "project", "--name", "old-note", "A note forgotten long ago.");
    run("remember", "--type", "project", "--name", "recent-note", "A note forgotten today.");
    assertThat(run("forget", "old-note").exitCode()).isZero();
    assertThat(run("forget", "recent-note").exitCode()).isZero();
    Path trash = dir.resolve(".trash");
    Path oldFile;
    try (var files = Files.list(trash)) {
      oldFile = files.filter(f -> f.getFileName().toString().endsWith("--old-note.md")).findFirst().orElseThrow();
    }
    // 31 days is past the default retention of 30; the stamp in the name dates the entry.
    String stamp = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'")
        .withZone(java.time.ZoneOffset.UTC).format(java.time.Instant.now().minus(java.time.Duration.ofDays(31)));
    Files.move(oldFile, trash.resolve(stamp + "--old-note.md"));
    Files.move(trash.resolve(oldFile.getFileName() + ".line"), trash.resolve(stamp + "--old-note.md.line"));

    CommandRun dry = run("dream", "--force", "--dry-run");
    assertThat(dry.exitCode()).as(dry.err()).isZero();
    assertThat(trash.resolve(stamp + "--old-note.md")).exists();

    CommandRun r = run("dream", "--force", "--json");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(JsonOutput.mapper().readTree(r.out()).get("counts").path("merge").asInt()).isZero();
    assertThat(JsonOutput.mapper().readTree(r.out()).get("purgedTrash").get(0).asText())
        .isEqualTo(".trash/" + stamp + "--old-note.md");
    assertThat(trash.resolve(stamp + "--old-note.md")).doesNotExist();
    assertThat(trash.resolve(stamp + "--old-note.md.line")).doesNotExist();
    assertThat(run("restore", "recent-note").exitCode()).isZero();
    assertThat(run("restore", "old-note").exitCode()).isEqualTo(1);
  }

  @Test
  void nearDuplicatesPhrasedDifferentlyMergeByMeaningAndTheDryRunShowsTheMergedText() throws Exception {
    // Few words in common (well under dream.mergeSimilarity), the same fact; a third memory is about another service.
    run("remember", "--type", "project", "--name", "docker-for-tests",
        "Integration tests use Testcontainers, so Docker must be running before ./mvnw verify.");
    Thread.sleep(5);
    run("remember", "--type", "project", "--name", "start-docker-first",
        "Start the Docker daemon first: ./mvnw verify spins up the integration test databases with Testcontainers.");
    run("remember", "--type", "project", "--name", "kafka-port",
        "The local Kafka broker listens on port 9092; the consumer tests read from it.");
    Files.writeString(home.resolve("settings.json"), "{\"recall\":{\"vectors\":\"NEVER\"}}");
    CommandRun words = run("dream", "--force", "--dry-run", "--json");
    assertThat(words.exitCode()).as(words.err()).isZero();
    assertThat(JsonOutput.mapper().readTree(words.out()).get("counts").path("merge").asInt()).isZero();
    Files.delete(home.resolve("settings.json"));
    CommandRun r = run("dream", "--force", "--dry-run");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("merge docker-for-tests.md into start-docker-first.md: near-duplicates (words 0.",
        ", meaning 0.", "+Start the Docker daemon first");
    assertThat(r.out()).doesNotContain("kafka-port.md into", "into kafka-port.md");
  }

  @Test
  void undoWithForceIsAUsageError() {
    assertThat(run("dream", "--undo", "--force").exitCode()).isEqualTo(2);
  }

  @Test
  void offATerminalADreamOverThirtyMemoriesSaysAFewLinesNotOneAMemory() {
    for (int i = 0; i < 30; i++) {
      run("remember", "--type", "project", "--name", "fact-" + i, "Service " + i + " listens on port " + (5000 + i) + ".");
    }

    CommandRun r = run("dream", "--force");

    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> progress = r.err().lines().filter(l -> l.startsWith("dream: ")).toList();
    assertThat(progress).anyMatch(l -> l.startsWith("dream: orient (")).anyMatch(l -> l.startsWith("dream: prune"));
    // Four phases, each a line and at most three more at its quarters; it was a line a step and a memory (126).
    assertThat(progress).hasSizeLessThanOrEqualTo(16);
  }
}
