package io.engram.hosted;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

class TranscriptLinesTest {
  @Test
  void whatTheExtractionPassReadsSurvivesTheRoundTrip() throws Exception {
    Transcript written = HostedTranscript.of("conv-1", List.of(
        TranscriptMessage.text(Role.SYSTEM, "You are a coding agent."),
        TranscriptMessage.builder(Role.USER, List.of(new ContentBlock.Text("This conversation is being continued")))
            .compactSummary(true).build(),
        TranscriptMessage.text(Role.USER, "Grep for parseLine, 请"),
        TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.Text("Looking."),
            new ContentBlock.ToolUse("c1", "grep", new ObjectMapper().readTree("{\"q\":\"parseLine\"}")))),
        TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult("c1", "Parser.java:12", true))),
        TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.Thinking("It is in Parser."),
            new ContentBlock.Text("It is in Parser.java.")))));

    Transcript read = TranscriptLines.read(TranscriptLines.write(written), "conv-1");

    assertThat(read.sessionId()).isEqualTo("conv-1");
    assertThat(read.messages()).extracting(TranscriptMessage::role).containsExactlyElementsOf(
        written.messages().stream().map(TranscriptMessage::role).toList());
    assertThat(read.messages()).extracting(TranscriptMessage::blocks).containsExactlyElementsOf(
        written.messages().stream().map(TranscriptMessage::blocks).toList());
    assertThat(read.messages()).extracting(TranscriptMessage::uuid).containsExactlyElementsOf(
        written.messages().stream().map(TranscriptMessage::uuid).toList());
    assertThat(read.messages()).extracting(TranscriptMessage::isCompactSummary)
        .containsExactly(false, true, false, false, false, false);
  }
}
