package io.engram.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {
  @TempDir static Path shared;
  static CommandRun run;
  static JsonNode record;
  static Map<String, JsonNode> steps = new HashMap<>();

  @BeforeAll
  static void replayOnce() throws Exception {
    run = CommandRun.of("demo", "--json", "--keep", shared.resolve("demo").toString());
    record = JsonOutput.mapper().readTree(run.out());
    record.path("steps").forEach(s -> steps.put(s.path("id").asText(), s));
  }

  @Test
  void theStoryHoldsAndEveryStepIsRecorded() {
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(record.path("ok").asBoolean()).isTrue();
    assertThat(record.path("millis").asLong()).isPositive();
    List<String> ids = new ArrayList<>();
    record.path("steps").forEach(s -> ids.add(s.path("id").asText()));
    assertThat(ids).containsExactly("project", "instructions", "session-one", "warnings", "notes", "compaction",
        "memories", "session-two", "dream");
    record.path("steps").forEach(s -> {
      assertThat(s.path("status").asText()).as(s.path("id").asText()).isIn("ok", "skipped");
      if (s.path("status").asText().equals("skipped")) {
        assertThat(s.path("reason").asText()).as(s.path("id").asText()).isNotBlank();
      }
    });
  }

  @Test
  void theLedgerListsTheProjectFileItsImportTheLocalAndTheUserFile() {
    List<String> paths = new ArrayList<>();
    steps.get("instructions").path("data").path("files").forEach(f -> paths.add(f.path("path").asText()));
    assertThat(paths).containsSubsequence("user/.claude/CLAUDE.md", "project/CLAUDE.md", "project/docs/testing.md",
        "project/CLAUDE.local.md");
  }

  @Test
  void extractionRemembersThePackageManagerAndRedisDuringSessionOne() {
    List<String> remembered = new ArrayList<>();
    steps.get("session-one").path("data").path("turns").forEach(t -> t.path("remembered").forEach(
        r -> remembered.add(r.asText())));
    assertThat(remembered).anyMatch(r -> r.contains("pnpm")).anyMatch(r -> r.contains("redis"));
    List<String> names = new ArrayList<>();
    steps.get("memories").path("data").path("memories").forEach(m -> names.add(m.path("name").asText()));
    assertThat(names).contains("package-manager-pnpm", "tests-need-redis");
  }

  @Test
  void theWindowCrossesWarningUrgentAndCriticalInOrder() {
    JsonNode levels = steps.get("warnings").path("data");
    int warning = levels.path("warning").path("turn").asInt();
    int urgent = levels.path("urgent").path("turn").asInt();
    int critical = levels.path("critical").path("turn").asInt();
    assertThat(warning).isPositive();
    assertThat(urgent).isGreaterThan(warning);
    assertThat(critical).isGreaterThan(urgent);
    assertThat(levels.path("critical").path("percent").asDouble()).isGreaterThan(92.0);
  }

  @Test
  void sessionNotesStartPastTheThresholdAndComeBackAfterTheCompaction() {
    JsonNode notes = steps.get("notes");
    assertThat(notes.path("status").asText()).isEqualTo("ok");
    JsonNode first = notes.path("data").path("updates").get(0);
    assertThat(first.path("contextTokens").asLong()).isGreaterThanOrEqualTo(10_000);
    assertThat(notes.path("data").path("handedOverAfterCompaction").asBoolean()).isTrue();
  }

  @Test
  void theCompactionIsScoredKeepsOpenTodosAndReusesTheNotes() {
    JsonNode c = steps.get("compaction");
    assertThat(c.path("status").asText()).isEqualTo("ok");
    JsonNode data = c.path("data");
    assertThat(data.path("score").path("total").asDouble()).isBetween(0.0, 100.0).isGreaterThanOrEqualTo(80.0);
    assertThat(data.path("notesCoveredMessages").asInt()).isPositive();
    assertThat(data.path("tokensAfter").asLong()).isLessThan(data.path("tokensBefore").asLong());
    List<String> todos = new ArrayList<>();
    data.path("openTodos").forEach(t -> todos.add(t.asText()));
    assertThat(todos).contains("Document the Redis step in docs/testing.md");
    assertThat(data.path("sections")).hasSize(9);
    assertThat(data.fieldNames()).toIterable().containsExactly("engine", "score", "tokensBefore", "tokensAfter",
        "reductionPercent", "notesCoveredMessages", "ladderSteps", "sections", "restoredFiles", "openTodos",
        "instructionFiles");
  }

  @Test
  void sessionTwoRecallsRedisAndPnpmForTheTestQuestion() {
    JsonNode two = steps.get("session-two").path("data");
    List<String> received = new ArrayList<>();
    two.path("recalled").forEach(n -> received.add(n.asText()));
    assertThat(received).contains("tests-need-redis");
    two.path("sessionStart").forEach(n -> received.add(n.asText()));
    assertThat(received).contains("package-manager-pnpm");
  }

  @Test
  void theSessionEndHookFindsTheDreamNotDueAndTheForcedDreamConsolidatesWithoutLosingAMemory() {
    JsonNode dream = steps.get("dream");
    assertThat(dream.path("status").asText()).isEqualTo("ok");
    assertThat(dream.path("data").path("sessionEnd").get(0).asText()).startsWith("dream not due");
    assertThat(dream.path("data").path("outcome").asText()).isIn("APPLIED", "NOTHING_TO_DO");
    assertThat(dream.path("data").path("sessions").asInt()).isEqualTo(2);
    List<String> names = new ArrayList<>();
    dream.path("data").path("memoriesAfter").forEach(n -> names.add(n.asText()));
    assertThat(names).contains("package-manager-pnpm", "tests-need-redis");
  }

  @Test
  void keepLeavesTheFilesForInspection() {
    Path dir = shared.resolve("demo");
    assertThat(dir.resolve("project/CLAUDE.md")).isRegularFile();
    assertThat(dir.resolve("home/settings.json")).isRegularFile();
  }

  @Test
  void keepRefusesADirectoryThatIsNotEmpty(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("mine.txt"), "keep me");
    CommandRun refused = CommandRun.of("demo", "--keep", dir.toString());
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err()).contains("not empty");
    assertThat(dir.resolve("mine.txt")).hasContent("keep me");
  }

  @Test
  void theNarrationHasAHeadingPerStepAndNoColourOffATerminal(@TempDir Path dir) {
    CommandRun human = CommandRun.of("demo");
    assertThat(human.exitCode()).as(human.err()).isZero();
    assertThat(human.out()).contains("==> Instruction files", "==> Session one", "==> Context window warnings",
        "==> Session two", "The story held").doesNotContain("\u001b[");
  }
}
