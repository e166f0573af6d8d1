package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.testing.TestResources;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptReader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TranscriptTurnsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path MEMORY = Path.of("/home/u/.engram/projects/p/memory");

  static TranscriptMessage user(String text) {
    return TranscriptMessage.text(Role.USER, text).at(Instant.parse("2026-01-01T10:00:00Z"));
  }

  static TranscriptMessage assistant(String text) {
    return TranscriptMessage.text(Role.ASSISTANT, text);
  }

  static TranscriptMessage toolCall(String tool, String inputJson) {
    try {
      return TranscriptMessage.of(Role.ASSISTANT,
          List.of(new ContentBlock.ToolUse("t1", tool, JSON.readTree(inputJson))));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  static TranscriptMessage toolResult(String text) {
    return TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("t1", text, false)));
  }

  @Test
  void mapsRolesAndKeepsSessionAndTimestamps() {
    Transcript t = Transcript.ofMessages("s1", List.of(
        user("We use pnpm here."), assistant("Noted."), toolCall("Bash", "{\"command\":\"ls\"}"),
        toolResult("README.md")));

    List<TurnText> texts = TranscriptTurns.withoutMemoryDirs().texts(t);

    assertThat(texts).extracting(TurnText::role)
        .containsExactly(TurnRole.USER, TurnRole.ASSISTANT, TurnRole.TOOL_CALL, TurnRole.TOOL_OUTPUT);
    assertThat(texts.get(2).call()).hasValueSatisfying(c -> {
      assertThat(c.tool()).isEqualTo("Bash");
      assertThat(c.input()).isEqualTo("ls");
      assertThat(c.outcome()).isEqualTo(ToolCall.Outcome.SUCCEEDED);
      assertThat(c.output()).isEqualTo("README.md");
    });
    assertThat(texts).allSatisfy(x -> {
      assertThat(x.sessionId()).isEqualTo("s1");
      assertThat(x.timestamp()).isEqualTo(Instant.parse("2026-01-01T10:00:00Z"));
      assertThat(x.memoryWritten()).isFalse();
    });
    assertThat(texts.get(3).text()).isEqualTo("README.md");
  }

  @Test
  void harnessInjectedUserTextIsNotHumanInput() {
    TranscriptMessage meta = new TranscriptMessage(Role.USER, List.of(new ContentBlock.Text("caveat")),
        java.util.Optional.empty(), java.util.Optional.empty(), java.util.Optional.empty(),
        java.util.Optional.empty(), java.util.Optional.empty(), java.util.Optional.empty(),
        java.util.Optional.empty(), java.util.Optional.empty(), false, false, true, 0);
    Transcript t = Transcript.ofMessages("s", List.of(
        meta,
        user("<command-name>/compact</command-name>\n<command-message>compact</command-message>"),
        user("<local-command-stdout>done</local-command-stdout>"),
        user("Base directory for this skill: /x/skills/docs\n\n# Docs skill"),
        user("Implement the following plan:\n\n# Plan: retry\n\nNever retry a failed upload more than twice."),
        user("<system-reminder>\nRead the todo list.\n</system-reminder>"),
        user("Fix the build please.\n<system-reminder>internal</system-reminder>")));

    List<TurnText> texts = TranscriptTurns.withoutMemoryDirs().texts(t);

    assertThat(texts).singleElement().satisfies(x -> {
      assertThat(x.role()).isEqualTo(TurnRole.USER);
      assertThat(x.text()).isEqualTo("Fix the build please.");
    });
  }

  @Test
  void splitsAtEachHumanMessage() {
    Transcript t = Transcript.ofMessages("s", List.of(
        assistant("resumed"), user("one"), toolCall("Read", "{\"file_path\":\"/a\"}"), toolResult("x"),
        assistant("ok"), user("<local-command-stdout>x</local-command-stdout>"), user("two"), assistant("done")));

    List<TranscriptTurn> turns = TranscriptTurns.withoutMemoryDirs().split(t);

    assertThat(turns).extracting(TranscriptTurn::startIndex).containsExactly(0, 1, 6);
    assertThat(turns).extracting(TranscriptTurn::endIndex).containsExactly(1, 6, 8);
    assertThat(turns).extracting(TranscriptTurn::humanInput).containsExactly(false, true, true);
    assertThat(turns.get(1).toolCalls()).isEqualTo(1);
    assertThat(TranscriptTurns.withoutMemoryDirs().split(t, 2, 7))
        .extracting(TranscriptTurn::startIndex).containsExactly(2, 6);
  }

  @Test
  void aTurnWhereTheAgentWroteIntoTheMemoryDirIsFlagged() {
    Transcript t = Transcript.ofMessages("s", List.of(
        user("remember that we deploy on Fridays"),
        toolCall("Write", "{\"file_path\":\"" + MEMORY + "/deploys.md\",\"content\":\"x\"}"),
        toolResult("ok"),
        user("now fix the test"),
        toolCall("Edit", "{\"file_path\":\"/home/u/code/Test.java\"}"),
        user("also note the wiki"),
        toolCall("mcp__engram__remember", "{\"text\":\"wiki\"}"),
        user("and the runbook"),
        toolCall("Bash", "{\"command\":\"engram remember 'runbook at x'\"}"),
        user("and escaping"),
        toolCall("Write", "{\"file_path\":\"" + MEMORY + "/../../other/x.md\"}")));

    TranscriptTurns turns = TranscriptTurns.watching(List.of(MEMORY));

    assertThat(turns.split(t)).extracting(TranscriptTurn::memoryWritten)
        .containsExactly(true, false, true, true, false);
    assertThat(turns.texts(t)).filteredOn(TurnText::memoryWritten)
        .extracting(TurnText::text).contains("remember that we deploy on Fridays", "ok");
  }

  @Test
  void relativePathsResolveAgainstTheMessageCwd() {
    TranscriptMessage write = toolCall("Write", "{\"file_path\":\"memory/x.md\"}");
    write = new TranscriptMessage(write.role(), write.blocks(), write.uuid(), write.parentUuid(),
        write.timestamp(), java.util.Optional.of(MEMORY.getParent().toString()), write.gitBranch(),
        write.model(), write.requestId(), write.usage(), false, false, false, 0);
    Transcript t = Transcript.ofMessages("s", List.of(user("save it"), write));

    assertThat(TranscriptTurns.watching(List.of(MEMORY)).split(t).get(0).memoryWritten()).isTrue();
  }

  @Test
  void rejectsARangeOutsideTheTranscript() {
    Transcript t = Transcript.ofMessages("s", List.of(user("a")));
    assertThatThrownBy(() -> TranscriptTurns.withoutMemoryDirs().split(t, 0, 2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 2)");
  }

  @Test
  void fixtureTranscriptsYieldOnlyRealHumanText() throws Exception {
    for (String name : List.of("short.jsonl", "258c7280-ae70-4798-800f-63464d01a85d.jsonl",
        "claude-code-log__edge_cases.jsonl", "claude-code-log__representative_messages.jsonl")) {
      Transcript t = TranscriptReader.read(TestResources.path("transcripts/claude-code/" + name));
      List<TurnText> users = TranscriptTurns.withoutMemoryDirs().texts(t).stream()
          .filter(x -> x.role() == TurnRole.USER).toList();
      assertThat(users).as(name).isNotEmpty();
      assertThat(users).as(name).allSatisfy(x -> assertThat(x.text())
          .doesNotContain("<command-name>", "<system-reminder>", "<local-command-stdout>",
              "Base directory for this skill"));
      assertThat(users).as(name).allSatisfy(x -> assertThat(x.sessionId()).isEqualTo(t.sessionId()));
    }
  }

  @Test
  void aToolCallKeepsItsOutcomeWhenAQueuedPromptOpensANewTurnBeforeItsResult() {
    Transcript t = Transcript.ofMessages("s1", List.of(
        user("commit it"), toolCall("Bash", "{\"command\":\"git commit -m x\"}"), user("also push"),
        TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("t1", "hook refused", true)))));

    List<TurnText> texts = TranscriptTurns.withoutMemoryDirs().texts(t);

    assertThat(texts).filteredOn(x -> x.role() == TurnRole.TOOL_CALL).singleElement().satisfies(x -> {
      assertThat(x.call().orElseThrow().outcome()).isEqualTo(ToolCall.Outcome.FAILED);
      assertThat(x.call().orElseThrow().output()).isEqualTo("hook refused");
    });
  }

  @Test
  void aToolCallWithoutAResultHasNoOutcome() {
    Transcript t = Transcript.ofMessages("s1", List.of(user("run it"), toolCall("Bash", "{\"command\":\"mix test\"}")));

    assertThat(TranscriptTurns.withoutMemoryDirs().texts(t)).filteredOn(x -> x.role() == TurnRole.TOOL_CALL)
        .singleElement().satisfies(x -> {
          assertThat(x.text()).isEqualTo("mix test");
          assertThat(x.call().orElseThrow().outcome()).isEqualTo(ToolCall.Outcome.UNKNOWN);
        });
  }
}
