package io.engram.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.cli.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatsCommandTest {
  private static final Path SESSION = Path.of("src/test/resources/stats-session.jsonl");

  @Test
  void printsCountsCompactionsAndLevels(@TempDir Path home) {
    CommandRun run = CommandRun.in(home, home, "stats", SESSION.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("session syn-1")
        .contains("messages:     11 (user 6, assistant 5), typed by the user: 1")
        .contains("tool calls:   5 (Bash 2, Edit 1, Read 1, TodoWrite 1)")
        .contains("levels:       normal 4")
        .contains("/repo/src/Foo.java")
        .contains("errors:       1, fixed later: 1")
        .contains("open todos:   1").contains("Run the tests")
        .contains("line 10 at 2026-01-01T10:02:00Z: manual, 12345 tokens before")
        .contains("line 9: not valid JSON");
    assertThat(run.out()).as("counts as a person reads them, not a Java map").doesNotContain("=").doesNotContain("{");
  }

  @Test
  void jsonHasTheSameFactsAndOneLevelPointPerRequest(@TempDir Path home) throws Exception {
    CommandRun run = CommandRun.in(home, home, "stats", "--json", SESSION.toString());
    assertThat(run.exitCode()).isZero();
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.get("messages").asInt()).isEqualTo(11);
    assertThat(json.get("compactions")).hasSize(1);
    assertThat(json.get("compactions").get(0).get("preTokens").asLong()).isEqualTo(12345);
    // msg_1 (two records), msg_2, msg_3, msg_4: four responses
    assertThat(json.get("points")).hasSize(4);
    assertThat(json.get("points").get(0).get("actualTokens").asLong()).isEqualTo(1203);
    assertThat(json.get("points").get(0).get("level").asText()).isEqualTo("NORMAL");
    assertThat(json.get("points").get(3).get("actualTokens").isNull()).isTrue();
    assertThat(json.get("points").get(2).get("segment").asInt()).isEqualTo(1);
    assertThat(json.fieldNames()).toIterable().containsExactly("sessionId", "agent", "messages", "messagesByRole",
        "userMessages", "toolCalls", "toolCallCounts", "files", "errors", "errorsFixed", "openTodos", "estimatedTokens",
        "lastRealPromptTokens", "calibration", "compactions", "levelCounts", "points", "subagents", "problems");
    assertThat(json.get("points").get(0).fieldNames()).toIterable().containsExactly("messageIndex", "lineNumber",
        "at", "segment", "model", "windowTokens", "estimatedTokens", "actualTokens", "level");
  }

  @Test
  void readsACodexRolloutWithItsOwnSessionIdUnmasked(@TempDir Path home) throws Exception {
    // A real Codex session, one of engram-core's fixtures (its licence is beside it).
    Path rollout = Path.of("../engram-core/src/test/resources/transcripts/codex/"
        + "codemie__rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl");
    CommandRun run = CommandRun.in(home, home, "stats", "--json", rollout.toString());
    assertThat(run.exitCode()).isZero();
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.get("sessionId").asText()).isEqualTo("019e1695-0522-7c83-8b39-0dd379793f80");
    assertThat(json.get("agent").asText()).isEqualTo("codex");
    assertThat(json.get("userMessages").asInt()).isEqualTo(3);
    assertThat(json.get("toolCalls").asInt()).isEqualTo(38);
    assertThat(CommandRun.in(home, home, "stats", rollout.toString()).out())
        .startsWith("session 019e1695-0522-7c83-8b39-0dd379793f80 (Codex)").doesNotContain("REDACTED");
  }

  @Test
  void readsAJsonMessageList(@TempDir Path home) throws Exception {
    Path list = home.resolve("chat.json");
    Files.writeString(list, "[{\"role\":\"user\",\"content\":\"hello\"},{\"role\":\"assistant\",\"content\":\"hi\"}]");
    CommandRun run = CommandRun.in(home, home, "stats", list.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("session chat").contains("messages:     2");
  }

  @Test
  void aMissingFileIsAnErrorWithCodeOne(@TempDir Path home) {
    CommandRun run = CommandRun.in(home, home, "stats", home.resolve("nope.jsonl").toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("transcript not found").contains("nope.jsonl");
  }

  @Test
  void aDirectoryIsNamedAsADirectoryNotAsMissing(@TempDir Path home) {
    CommandRun run = CommandRun.in(home, home, "stats", home.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains(home + " is a directory, not a transcript file").doesNotContain("no such");
  }

  @Test
  void aFileOfSomethingElseIsNotATranscriptOnEveryTranscriptCommandAndWritesNothing(@TempDir Path home)
      throws Exception {
    Path passwd = Files.writeString(home.resolve("passwd"),
        "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n");
    Path otherJson = Files.writeString(home.resolve("package.json"), "{\"name\":\"app\",\"version\":\"1.0.0\"}\n");
    for (String command : java.util.List.of("stats", "extract", "notes", "compact")) {
      CommandRun run = CommandRun.in(home, home, command, passwd.toString());
      assertThat(run.exitCode()).as(command + ": " + run.out()).isEqualTo(1);
      assertThat(run.err()).as(command).contains(passwd + " is not a transcript: none of its 2 lines is a record of"
          + " Claude Code", "line 1: not valid JSON");
      assertThat(run.out()).as(command).isEmpty();
    }
    CommandRun json = CommandRun.in(home, home, "stats", otherJson.toString(), "--json");
    assertThat(json.exitCode()).isEqualTo(1);
    assertThat(new ObjectMapper().readTree(json.out()).get("error").asText())
        .contains(otherJson + " is not a transcript: its one line is not a record");
    assertThat(home.resolve("projects")).doesNotExist();
  }

  @Test
  void anEmptyFileIsAnEmptySessionNotAnError(@TempDir Path home) throws Exception {
    Path empty = Files.writeString(home.resolve("new-session.jsonl"), "");
    CommandRun run = CommandRun.in(home, home, "stats", empty.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("messages:     0, typed by the user: 0").contains("tool calls:   0\n")
        .contains("levels:       none").doesNotContain("{}");
  }

  @Test
  void aLineOfBrokenJsonIsSaidWithoutJacksonsNoticeAboutItsSourceSetting(@TempDir Path home) throws Exception {
    Path cut = Files.writeString(home.resolve("cut.jsonl"), "{\"type\":\"user\",\"message\":{\"role\":\"user\"}\n");
    CommandRun run = CommandRun.in(home, home, "stats", cut.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("line 1: not valid JSON: Unexpected end-of-input")
        .contains("(start marker at column 1)").doesNotContain("Source").doesNotContain("StreamReadFeature");
  }
}
