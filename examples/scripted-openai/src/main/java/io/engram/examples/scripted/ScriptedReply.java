package io.engram.examples.scripted;

import java.util.List;
import java.util.Objects;

/**
 * One answer of the scripted model: text, or calls of the tools the request offered.
 *
 * @param text the assistant's text ("" when it only calls tools)
 * @param toolCalls the tool calls, in order (empty for a text answer)
 */
public record ScriptedReply(String text, List<ToolCall> toolCalls) {
  public ScriptedReply {
    Objects.requireNonNull(text, "text");
    toolCalls = List.copyOf(toolCalls);
  }

  /**
   * One tool call.
   *
   * @param name the tool's name
   * @param argumentsJson its arguments, a JSON object as text
   */
  public record ToolCall(String name, String argumentsJson) {
    public ToolCall {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(argumentsJson, "argumentsJson");
    }
  }

  /** A text answer. */
  public static ScriptedReply text(String text) {
    return new ScriptedReply(text, List.of());
  }

  /** An answer that calls one tool. */
  public static ScriptedReply toolCall(String name, String argumentsJson) {
    return new ScriptedReply("", List.of(new ToolCall(name, argumentsJson)));
  }
}
