package io.engram.extract;

import io.engram.transcript.ContentBlock;
import io.engram.transcript.TranscriptMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the tool calls of an assistant message into {@link TurnRole#TOOL_CALL} texts, each paired with the
 * result that answered it (matched by the call's id among the turn's messages).
 */
final class ToolCalls {
  /**
   * How much of a call's input a tool-call text keeps: not a setting, as the rules read a command, a path or a
   * pattern from its start, and what a model is sent of it is extraction.modelToolCallChars.
   */
  static final int MAX_INPUT_CHARS = 2_000;
  /** And of its result, for the rules' reading of how the call went (extraction.modelToolOutputChars for a model). */
  static final int MAX_OUTPUT_CHARS = 2_000;
  private static final List<String> INPUT_FIELDS =
      List.of("command", "file_path", "notebook_path", "path", "pattern", "url", "query", "description", "skill");

  private ToolCalls() {}

  /** The results of every tool call among {@code messages}, by the call's id. */
  static Map<String, ContentBlock.ToolResult> results(List<TranscriptMessage> messages) {
    Map<String, ContentBlock.ToolResult> out = new HashMap<>();
    for (TranscriptMessage m : messages) {
      for (ContentBlock.ToolResult r : m.toolResults()) {
        out.put(r.toolUseId(), r);
      }
    }
    return out;
  }

  /** One tool-call text per tool call of {@code m}. */
  static List<TurnText> of(TranscriptMessage m, Map<String, ContentBlock.ToolResult> results, Instant when,
      String sessionId, boolean memoryWritten) {
    List<TurnText> out = new ArrayList<>();
    for (ContentBlock.ToolUse use : m.toolUses()) {
      ContentBlock.ToolResult r = results.get(use.id());
      ToolCall.Outcome outcome = r == null ? ToolCall.Outcome.UNKNOWN
          : r.isError() ? ToolCall.Outcome.FAILED : ToolCall.Outcome.SUCCEEDED;
      String output = r == null ? "" : clip(r.text(), MAX_OUTPUT_CHARS);
      ToolCall call = new ToolCall(use.name(), input(use), outcome, output);
      out.add(new TurnText(TurnRole.TOOL_CALL, call.input(), when, sessionId, memoryWritten, Optional.of(call)));
    }
    return out;
  }

  /** What the agent asked of the tool: the command for a shell, else the first telling field, else the JSON. */
  static String input(ContentBlock.ToolUse use) {
    for (String field : INPUT_FIELDS) {
      String v = use.inputText(field);
      if (!v.isBlank()) {
        return clip(v, MAX_INPUT_CHARS);
      }
    }
    return clip(use.input().toString(), MAX_INPUT_CHARS);
  }

  /** Redacted before it is cut: a cut secret is no longer found. */
  private static String clip(String text, int max) {
    String t = text.length() <= max ? text : io.engram.redact.SecretRedactor.standard().head(text, max);
    return t.length() <= max ? t : t.substring(0, max);
  }
}
