package io.engram.transcript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.engram.testing.TestResources;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TranscriptReaderTest {
  private static final String CC = "transcripts/claude-code/";

  static Path resource(String name) {
    return Path.of("src/test/resources/transcripts", name);
  }

  // Expected counts below were checked independently with jq and a Python script over the files.
  @Test
  void readsTheLongAutoCompactedSessionWithItsBoundaryAndSubagent() throws IOException {
    Transcript t = TranscriptReader.read(TestResources.path(CC + "258c7280-ae70-4798-800f-63464d01a85d.jsonl"));
    assertThat(t.sessionId()).isEqualTo("258c7280-ae70-4798-800f-63464d01a85d");
    assertThat(t.problems()).isEmpty();
    assertThat(t.recordCounts())
        .containsOnly(entry("assistant", 299), entry("file-history-snapshot", 28), entry("progress", 1333),
            entry("queue-operation", 6), entry("system", 5), entry("user", 192));
    // 491 user/assistant/system messages, plus the 2 prompts queued while the agent was busy and delivered into
    // the running turn; the 2 background-task notices queued beside them came as user records of their own.
    assertThat(t.messages()).hasSize(493);
    assertThat(t.messages()).filteredOn(m -> m.kind() == MessageKind.TASK_NOTIFICATION).hasSize(2);
    assertThat(t.boundaries()).singleElement().satisfies(b -> {
      assertThat(b.lineNumber()).isEqualTo(1256);
      assertThat(b.trigger()).isEqualTo("auto");
      assertThat(b.preTokens()).contains(167_094L);
      assertThat(b.timestamp()).contains(Instant.parse("2026-02-11T21:18:41.543Z"));
    });
    List<Segment> segments = t.segments();
    assertThat(segments).extracting(s -> s.messages().size()).containsExactly(328, 165);
    assertThat(segments.get(0).summary()).isEmpty();
    assertThat(segments.get(1).summary()).hasValueSatisfying(s ->
        assertThat(s.text()).startsWith("This session is being continued from a previous conversation"));
    assertThat(t.toolCallCount()).isEqualTo(186);
    assertThat(t.toolCallCounts()).containsExactly(entry("Bash", 79), entry("Read", 42), entry("Edit", 35),
        entry("Write", 13), entry("Glob", 8), entry("Grep", 5), entry("TaskOutput", 3), entry("Task", 1));
    assertThat(t.userMessages()).extracting(TranscriptMessage::text)
        .containsExactly("Implement spotter-gqc", "check again", "new beads for the epic were added. tackle them",
            "did you push?");
    assertThat(t.subagents()).singleElement().satisfies(sub -> {
      assertThat(sub.agentId()).contains("acompact-fffbd0");
      assertThat(sub.sessionId()).isEqualTo(t.sessionId());
      assertThat(sub.messages()).hasSize(4).allMatch(TranscriptMessage::isSidechain);
    });
  }

  @Test
  void readsTheManuallyCompactedSessionWithTwoModels() throws IOException {
    Transcript t = TranscriptReader.read(TestResources.path(CC + "ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl"));
    assertThat(t.messages()).hasSize(657);
    assertThat(t.boundaries()).singleElement().satisfies(b -> {
      assertThat(b.lineNumber()).isEqualTo(1481);
      assertThat(b.trigger()).isEqualTo("manual");
      assertThat(b.preTokens()).contains(142_431L);
    });
    assertThat(t.segments()).extracting(s -> s.messages().size()).containsExactly(409, 248);
    assertThat(t.toolCallCount()).isEqualTo(242);
    assertThat(t.userMessages()).hasSize(3);
    assertThat(t.messages().stream().flatMap(m -> m.model().stream()).distinct())
        .containsExactlyInAnyOrder("claude-opus-4-6", "claude-haiku-4-5-20251001");
    assertThat(t.messages().stream().flatMap(m -> m.requestId().stream()).distinct()).hasSize(217);
    // Claude Code 2.1 writes the session's slug, the name of its plan file, on every line.
    assertThat(t.messages().stream().flatMap(m -> m.slug().stream()).distinct())
        .containsExactly("lexical-painting-whisper");
  }

  @Test
  void keepsMetadataAndUsageOfEachMessage() throws IOException {
    Transcript t = TranscriptReader.read(TestResources.path(CC + "short.jsonl"));
    assertThat(t.sessionId()).isEqualTo("55604662-cf2a-4331-851a-ec234028f8ca");
    TranscriptMessage first = t.messages().get(0);
    assertThat(first.role()).isEqualTo(Role.USER);
    assertThat(first.uuid()).isPresent();
    assertThat(first.cwd()).isPresent();
    assertThat(first.gitBranch()).isPresent();
    assertThat(first.timestamp()).isPresent();
    TranscriptMessage assistant =
        t.messages().stream().filter(m -> m.role() == Role.ASSISTANT).findFirst().orElseThrow();
    assertThat(assistant.model()).contains("claude-opus-4-6");
    assertThat(assistant.usage()).hasValueSatisfying(u -> assertThat(u.promptTokens()).isPositive());
    assertThat(assistant.parentUuid()).isPresent();
    assertThat(t.messages()).flatExtracting(TranscriptMessage::blocks)
        .hasAtLeastOneElementOfType(ContentBlock.Thinking.class)
        .hasAtLeastOneElementOfType(ContentBlock.ToolUse.class)
        .hasAtLeastOneElementOfType(ContentBlock.ToolResult.class);
    // the two local_command system records become meta system messages
    assertThat(t.messages()).filteredOn(m -> m.role() == Role.SYSTEM).hasSize(2).allMatch(TranscriptMessage::isMeta);
  }

  @Test
  void reportsBrokenLinesOfTheEdgeCaseFileAndReadsTheRest() throws IOException {
    Transcript t = TranscriptReader.read(TestResources.path(CC + "claude-code-log__edge_cases.jsonl"));
    assertThat(t.problems()).extracting(ReadProblem::number).containsExactly(11, 13, 14, 15, 16);
    assertThat(t.problems().get(0).message()).contains("without a message object");
    assertThat(t.messages()).hasSize(13);
    assertThat(t.summaries()).singleElement().asString().startsWith("Tested various edge cases");
    // a string inside a content array is text; a message without content has no blocks
    assertThat(t.messages()).anySatisfy(m -> assertThat(m.text()).isEqualTo("wow error"));
    assertThat(t.messages()).anySatisfy(m -> assertThat(m.blocks()).isEmpty());
    assertThat(t.messages()).anySatisfy(m -> assertThat(m.toolResults())
        .singleElement().satisfies(r -> assertThat(r.isError()).isTrue()));
  }

  @Test
  void readsTheLastLineWithoutANewline() throws IOException {
    Transcript t = TranscriptReader.read(TestResources.path(CC + "claude-code-log__session_b.jsonl"));
    assertThat(t.messages()).hasSize(3);
    assertThat(t.messages().get(2).text()).startsWith("Perfect!");
  }

  @Test
  void syntheticSessionCoversEveryRecordShape() throws IOException {
    Transcript t = TranscriptReader.read(resource("synthetic-session.jsonl"));
    assertThat(t.sessionId()).isEqualTo("syn-1");
    assertThat(t.problems()).singleElement().satisfies(p -> {
      assertThat(p.number()).isEqualTo(9);
      assertThat(p.message()).startsWith("not valid JSON");
    });
    assertThat(t.recordCounts()).containsOnly(entry("user", 6), entry("assistant", 5), entry("progress", 1),
        entry("brand-new-record-type", 1), entry("system", 1), entry("summary", 1));
    assertThat(t.messages()).hasSize(11);
    assertThat(t.boundaries()).singleElement().satisfies(b -> {
      assertThat(b.messageIndex()).isEqualTo(6);
      assertThat(b.lineNumber()).isEqualTo(10);
    });
    assertThat(t.segments().get(1).summary()).isPresent();
    assertThat(t.messages().get(5).toolResults()).singleElement()
        .satisfies(r -> assertThat(r.text()).isEqualTo("class Foo {}"));
    assertThat(t.messages().get(1).blocks()).singleElement()
        .isEqualTo(new ContentBlock.Thinking("Look at the build first."));
    assertThat(t.messages().get(2).requestId()).contains("msg_1");
    assertThat(t.subagents()).singleElement().satisfies(s -> {
      assertThat(s.agentId()).contains("a1");
      assertThat(s.messages()).hasSize(2);
    });
  }

  @Test
  void invalidUtf8IsReplacedNotFatal(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path file = dir.resolve("bad.jsonl");
    byte[] good = "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"ok\"}}\n"
        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] bad = {'{', '"', 't', 'y', 'p', 'e', '"', ':', '"', 'u', 's', 'e', 'r', '"', ',', '"', 'm', 'e', 's',
        's', 'a', 'g', 'e', '"', ':', '{', '"', 'c', 'o', 'n', 't', 'e', 'n', 't', '"', ':', '"', (byte) 0xC3,
        (byte) 0x28, '"', '}', '}', '\n'};
    java.nio.file.Files.write(file, good);
    java.nio.file.Files.write(file, bad, java.nio.file.StandardOpenOption.APPEND);
    java.nio.file.Files.write(file, good, java.nio.file.StandardOpenOption.APPEND);
    Transcript t = TranscriptReader.read(file);
    assertThat(t.messages()).hasSize(3);
    assertThat(t.messages().get(1).text()).contains("\uFFFD");
    assertThat(t.sessionId()).isEqualTo("bad");
  }

  @Test
  void readsFromAReaderWithAFallbackSessionId() throws IOException {
    Transcript t = TranscriptReader.read(new StringReader(
        "\n{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}\n\n"), "fallback");
    assertThat(t.sessionId()).isEqualTo("fallback");
    assertThat(t.messages()).singleElement().satisfies(m -> assertThat(m.lineNumber()).isEqualTo(2));
  }

  @Test
  void aFinishedFilesLastLineWithoutALineEndIsReadOnceAndTheLinesAfterItKeepTheirNumbers(
      @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path file = dir.resolve("s1.jsonl");
    String second = userLine("u2", "second");
    java.nio.file.Files.writeString(file, userLine("u1", "first") + second.strip());

    TranscriptTail all = TranscriptReader.readFrom(file, TranscriptPosition.START);

    assertThat(all.transcript().messages()).extracting(TranscriptMessage::text)
        .isEqualTo(TranscriptReader.read(file).messages().stream().map(TranscriptMessage::text).toList())
        .containsExactly("first", "second");
    assertThat(all.to().byteOffset()).isEqualTo(java.nio.file.Files.size(file));
    java.nio.file.Files.writeString(file, "\n" + userLine("u3", "third"), java.nio.file.StandardOpenOption.APPEND);
    TranscriptTail next = TranscriptReader.readFrom(file, all.to());
    assertThat(next.transcript().messages()).singleElement().satisfies(m -> {
      assertThat(m.text()).isEqualTo("third");
      assertThat(m.lineNumber()).isEqualTo(3);
    });
  }

  private static String userLine(String uuid, String text) {
    return "{\"type\":\"user\",\"uuid\":\"" + uuid + "\",\"sessionId\":\"s1\",\"message\":{\"role\":\"user\","
        + "\"content\":\"" + text + "\"}}\n";
  }

  @Test
  void readingFromAPositionReadsOnlyTheCompleteLinesAppendedSince(@org.junit.jupiter.api.io.TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("s1.jsonl");
    java.nio.file.Files.writeString(file, userLine("u1", "first") + "\n" + userLine("u2", "second"));
    TranscriptTail all = TranscriptReader.readFrom(file, TranscriptPosition.START);
    assertThat(all.transcript().messages()).extracting(TranscriptMessage::text).containsExactly("first", "second");
    assertThat(all.to()).isEqualTo(new TranscriptPosition(java.nio.file.Files.size(file), 3));

    String third = userLine("u3", "third");
    // A line still being written (no line end yet) is left for the next reading.
    java.nio.file.Files.writeString(file, third.substring(0, 20), java.nio.file.StandardOpenOption.APPEND);
    TranscriptTail partial = TranscriptReader.readFrom(file, all.to());
    assertThat(partial.transcript().messages()).isEmpty();
    assertThat(partial.to()).isEqualTo(all.to());

    java.nio.file.Files.writeString(file, third.substring(20), java.nio.file.StandardOpenOption.APPEND);
    TranscriptTail next = TranscriptReader.readFrom(file, partial.to());
    assertThat(next.transcript().messages()).singleElement().satisfies(m -> {
      assertThat(m.text()).isEqualTo("third");
      assertThat(m.lineNumber()).isEqualTo(4);
    });
    assertThat(next.bytesRead()).isEqualTo(third.length());
    assertThat(next.transcript().sessionId()).isEqualTo("s1");

    java.nio.file.Files.writeString(file, userLine("u1", "replaced"));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> TranscriptReader.readFrom(file, next.to()))
        .isInstanceOf(IOException.class).hasMessageContaining("replaced or truncated");
  }
}
