package io.engram.cli.demo;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One line of a Claude Code transcript as the demo writes it: the fields every record carries (the chain, the
 * session's {@link Session} fields, the type), then those of its kind ({@link Body}), in Claude Code's own field
 * names, all in one flat JSON object.
 */
record TranscriptLine(Optional<String> parentUuid, @JsonUnwrapped Session session, String type,
    @JsonUnwrapped Body body, String uuid, String timestamp) {

  /** The fields that are the same on every line of one session. */
  record Session(boolean isSidechain, String userType, String cwd, String sessionId, String version,
      String gitBranch) {}

  /** What a kind of record adds to the common fields. */
  sealed interface Body permits Prompt, Result, Reply, Summary, Boundary {}

  /** A prompt the user typed. */
  record Prompt(UserText message, String permissionMode) implements Body {}

  /** A tool's result, and Claude Code's one-line digest of it. */
  record Result(UserBlocks message, String toolUseResult) implements Body {}

  /** One model response and the provider's request id. */
  record Reply(AssistantMessage message, String requestId) implements Body {}

  /** The summary that opens the context after a compaction. */
  record Summary(UserText message, boolean isCompactSummary, boolean isVisibleInTranscriptOnly) implements Body {}

  /** The system record that marks a compaction; its {@code parentUuid} is empty and the chain goes on through it. */
  record Boundary(Optional<String> logicalParentUuid, String subtype, String content, boolean isMeta, String level,
      CompactMetadata compactMetadata) implements Body {}

  /** What triggered a compaction and the tokens before it. */
  record CompactMetadata(String trigger, long preTokens) {}

  /** A user message whose content is text. */
  record UserText(String role, String content) {}

  /** A user message whose content is blocks (tool results). */
  record UserBlocks(String role, List<Block> content) {}

  /** An assistant message with the usage the provider reported. */
  record AssistantMessage(String model, String id, String type, String role, List<Block> content,
      @JsonProperty("stop_reason") String stopReason, @JsonProperty("stop_sequence") Optional<String> stopSequence,
      Usage usage) {}

  /** The provider's token usage of one request. */
  record Usage(@JsonProperty("input_tokens") long inputTokens,
      @JsonProperty("cache_creation_input_tokens") long cacheCreationInputTokens,
      @JsonProperty("cache_read_input_tokens") long cacheReadInputTokens,
      @JsonProperty("output_tokens") long outputTokens) {}

  /** A content block. */
  sealed interface Block permits Text, ToolUse, ToolResult {}

  /** A text block. */
  record Text(String type, String text) implements Block {}

  /** A tool call and its input. */
  record ToolUse(String type, String id, String name, Map<String, ?> input) implements Block {}

  /** A tool's output. */
  record ToolResult(String type, @JsonProperty("tool_use_id") String toolUseId, String content,
      @JsonProperty("is_error") boolean isError) implements Block {}
}
