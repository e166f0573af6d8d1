package io.engram.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.Usage;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Builds synthetic Claude-Code-like transcripts for tests: uuids, timestamps a minute apart, usage on request. */
public final class TranscriptBuilder {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final String sessionId;
  private final List<TranscriptMessage> messages = new ArrayList<>();
  private Instant clock = Instant.parse("2026-03-01T09:00:00Z");
  private int toolIds;

  public TranscriptBuilder(String sessionId) {
    this.sessionId = sessionId;
  }

  public TranscriptBuilder user(String text) {
    return add(Role.USER, List.of(new ContentBlock.Text(text)), Optional.empty());
  }

  public TranscriptBuilder assistant(String text) {
    return add(Role.ASSISTANT, List.of(new ContentBlock.Text(text)), Optional.empty());
  }

  /** An assistant reply whose request the provider recorded as {@code contextTokens} prompt tokens. */
  public TranscriptBuilder assistant(String text, long contextTokens) {
    return add(Role.ASSISTANT, List.of(new ContentBlock.Text(text)), Optional.of(new Usage(contextTokens, 0, 0, 0)));
  }

  /** A tool call and its (successful) result. */
  public TranscriptBuilder tool(String name, String inputJson, String result) {
    return tool(name, inputJson, result, false);
  }

  /** A tool call and its result, an error when {@code error}. */
  public TranscriptBuilder tool(String name, String inputJson, String result, boolean error) {
    String id = "toolu_" + (++toolIds);
    JsonNode input;
    try {
      input = JSON.readTree(inputJson);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
    add(Role.ASSISTANT, List.of(new ContentBlock.ToolUse(id, name, input)), Optional.empty());
    return add(Role.USER, List.of(new ContentBlock.ToolResult(id, result, error)), Optional.empty());
  }

  public int size() {
    return messages.size();
  }

  public Transcript build() {
    return Transcript.ofMessages(sessionId, messages);
  }

  private TranscriptBuilder add(Role role, List<ContentBlock> blocks, Optional<Usage> usage) {
    clock = clock.plus(Duration.ofMinutes(1));
    String uuid = "u" + messages.size();
    Optional<String> parent = messages.isEmpty() ? Optional.empty() : messages.get(messages.size() - 1).uuid();
    messages.add(new TranscriptMessage(role, blocks, Optional.of(uuid), parent, Optional.of(clock),
        Optional.of("/work/project"), Optional.empty(), role == Role.ASSISTANT ? Optional.of("claude-sonnet-4-5")
        : Optional.empty(), Optional.of("req" + messages.size()), usage, false, false, false, messages.size() + 1));
    return this;
  }
}
