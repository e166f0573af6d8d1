package io.engram.compaction;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.util.List;

/** A transcript's tool calls and their results as the compaction tests write them: one input field, one answer. */
final class ToolCalls {
  private ToolCalls() {}

  /** The agent's call {@code id} of {@code tool} with one input field, {@code field = value}. */
  static TranscriptMessage call(String id, String tool, String field, String value) {
    return TranscriptMessage.of(Role.ASSISTANT, List.of(new ContentBlock.ToolUse(id, tool,
        JsonNodeFactory.instance.objectNode().put(field, value))));
  }

  /** The answer to call {@code id}: its text, and whether the tool reported an error. */
  static TranscriptMessage result(String id, String text, boolean error) {
    return TranscriptMessage.of(Role.USER, List.of(new ContentBlock.ToolResult(id, text, error)));
  }
}
