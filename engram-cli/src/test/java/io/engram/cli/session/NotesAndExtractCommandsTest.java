package io.engram.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NotesAndExtractCommandsTest {
  @TempDir Path home;
  @TempDir Path project;

  private static Path fixture() throws Exception {
    return Path.of(NotesAndExtractCommandsTest.class.getResource("/transcripts/cli-notes.jsonl").toURI());
  }

  private CommandRun run(String... args) {
    return CommandRun.in(home, project, args);
  }

  @Test
  void notesAreWrittenAndPrintedThenWaitForGrowth() throws Exception {
    CommandRun first = run("notes", fixture().toString());
    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(first.out()).contains("start", "## Current State", "Remember that the staging database",
        "/repo/src/cache.ts", "evict", "`Bash pnpm test` failed", "## Worklog");
    assertThat(home.resolve("sessions/cli-notes-1/notes.md")).exists();

    JsonNode second = JsonOutput.mapper().readTree(run("notes", fixture().toString(), "--json").out());
    assertThat(second.get("action").asText()).isEqualTo("wait");
    assertThat(second.get("written").asBoolean()).isFalse();
    assertThat(second.get("sections").get("worklog")).hasSize(2);

    JsonNode forced = JsonOutput.mapper().readTree(
        run("notes", fixture().toString(), "--json", "--force", "--session", "other-session").out());
    assertThat(forced.get("sessionId").asText()).isEqualTo("other-session");
    assertThat(forced.get("written").asBoolean()).isTrue();
    assertThat(forced.get("engine").asText()).isEqualTo("offline");
    assertThat(forced.fieldNames()).toIterable().containsExactly("sessionId", "action", "forced", "written", "reason",
        "contextTokens", "tokensAtLastUpdate", "toolCallsSinceLastUpdate", "fromMessage", "toMessage", "engine",
        "fallbackReason", "notesFile", "sections", "markdown");
  }

  @Test
  void extractDryRunThenRealRunThenNothingNew() throws Exception {
    JsonNode dry = JsonOutput.mapper().readTree(run("extract", fixture().toString(), "--dry-run", "--json").out());
    assertThat(dry.get("dryRun").asBoolean()).isTrue();
    assertThat(dry.fieldNames()).toIterable().containsExactly("sessionId", "dryRun", "engine", "fallbackReason",
        "fromMessage", "toMessage", "turnTexts", "skippedRanges", "written", "updated", "skipped", "proposed");
    assertThat(dry.get("written")).isNotEmpty();
    assertThat(dry.get("written").get(0).get("path").isNull()).isTrue();
    assertThat(run("list", "--json").out()).doesNotContain("pnpm");

    CommandRun real = run("extract", fixture().toString());
    assertThat(real.exitCode()).as(real.err()).isZero();
    assertThat(real.out()).contains("created", "project", "engine: offline");
    JsonNode list = JsonOutput.mapper().readTree(run("list", "--json").out());
    assertThat(list.get("memories")).isNotEmpty();
    assertThat(list.get("memories")).allSatisfy(m -> assertThat(m.get("source").asText()).isEqualTo("user"));

    JsonNode again = JsonOutput.mapper().readTree(run("extract", fixture().toString(), "--json").out());
    assertThat(again.get("fromMessage").asInt()).isEqualTo(again.get("toMessage").asInt());
    assertThat(again.get("written")).isEmpty();
  }

  @Test
  void extractReadsOnFromWhereItStoppedByOffsetNotTheWholeFileAgain() throws Exception {
    Path transcript = project.resolve("cli-notes-1.jsonl");
    Files.copy(fixture(), transcript);
    JsonNode first = JsonOutput.mapper().readTree(run("extract", transcript.toString(), "--json").out());
    int read = first.get("toMessage").asInt();
    // The first line blanked in place (same length, long before the kilobyte the checkpoint checks): a run that read
    // the file whole again would see one message fewer and start over; one that reads on by offset never sees it.
    String text = Files.readString(transcript);
    int firstLineEnd = text.indexOf('\n');
    Files.writeString(transcript, " ".repeat(firstLineEnd) + text.substring(firstLineEnd)
        + "{\"type\": \"user\", \"uuid\": \"u9\", \"sessionId\": \"cli-notes-1\", \"cwd\": \"/repo\", \"timestamp\":"
        + " \"2026-02-01T11:00:00Z\", \"message\": {\"role\": \"user\", \"content\": \"thanks, that is all\"}}\n");

    JsonNode again = JsonOutput.mapper().readTree(run("extract", transcript.toString(), "--json").out());

    assertThat(again.get("fromMessage").asInt()).isEqualTo(read);
    assertThat(again.get("toMessage").asInt()).isEqualTo(read + 1);
  }

  @Test
  void aSessionWhoseExtractionWroteMemoryCountsForTheDreamsSessionGate() throws Exception {
    JsonNode before = JsonOutput.mapper().readTree(run("dream", "--json").out());
    assertThat(before.get("gates").get("sessionsSince").asInt()).isZero();
    assertThat(run("extract", fixture().toString()).exitCode()).isZero();
    JsonNode after = JsonOutput.mapper().readTree(run("dream", "--json").out());
    assertThat(after.get("outcome").asText()).isEqualTo("gated");
    assertThat(after.get("gates").get("sessionsSince").asInt()).isEqualTo(1);
  }

  @Test
  void aMissingTranscriptIsAClearError() {
    CommandRun r = run("extract", project.resolve("nope.jsonl").toString());
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err()).contains("transcript not found").contains("nope.jsonl");
    assertThat(run("notes", "--help").out()).contains("--force", "--session");
    assertThat(Files.exists(home.resolve("sessions"))).isFalse();
  }

  @Test
  void aFileThatIsNoTranscriptIsRefusedWithASessionIdGivenAndWhenItsOneLineIsNotEnded() throws Exception {
    Path passwd = Files.writeString(project.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
    Path unended = Files.writeString(project.resolve("note.jsonl"), "just some words, no line break");

    for (String command : new String[] {"extract", "notes"}) {
      CommandRun given = run(command, "--session", "s1", passwd.toString());
      CommandRun oneLine = run(command, unended.toString());
      assertThat(given.exitCode()).as(command + ": " + given.out()).isEqualTo(1);
      assertThat(given.err()).contains(passwd + " is not a transcript: its one line is not a record");
      assertThat(oneLine.exitCode()).as(command + ": " + oneLine.out()).isEqualTo(1);
      assertThat(oneLine.err()).contains(unended + " is not a transcript: its one line is not a record");
    }
    assertThat(Files.exists(home.resolve("sessions"))).isFalse();
  }

  @Test
  void extractNamesItsMemoriesAndPrintsItsJsonFromRedactedText() throws Exception {
    String mapsKey = "AIzaSyA1234567890abcdefghijklmnopqrstuv";
    String password = "c0rrecthorse-Battery77";
    Path transcript = project.resolve("secrets.jsonl");
    Files.writeString(transcript, userLine("s1", "Remember this: use the Google Maps key " + mapsKey + " for the map tiles.")
        + userLine("s2", "Remember this for the project: in the JSON config use password: " + password + " for staging."));

    CommandRun dry = run("extract", transcript.toString(), "--dry-run", "--json");
    CommandRun real = run("extract", transcript.toString(), "--json");
    assertThat(real.exitCode()).as(real.err()).isZero();
    assertThat(JsonOutput.mapper().readTree(real.out()).get("turnTexts").asInt()).as("both turns were read").isEqualTo(2);
    String fileNames;
    try (var files = Files.walk(home)) {
      fileNames = files.map(Path::toString).collect(java.util.stream.Collectors.joining("\n")).toLowerCase();
    }
    for (String secret : new String[] {mapsKey, password}) {
      assertThat(dry.out() + real.out()).doesNotContain(secret);
      assertThat(fileNames).doesNotContain(secret.toLowerCase()).doesNotContain(secret.substring(0, 12).toLowerCase());
    }
  }

  private static String userLine(String uuid, String text) {
    return "{\"type\":\"user\",\"uuid\":\"" + uuid + "\",\"sessionId\":\"secret-names-1\",\"cwd\":\"/repo\","
        + "\"timestamp\":\"2026-02-01T10:00:00Z\",\"message\":{\"role\":\"user\",\"content\":"
        + JsonOutput.mapper().valueToTree(text) + "}}\n";
  }
}
