package io.engram.transcript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a plain JSON list of chat messages, as other agents and frameworks keep them.
 *
 * <p>Accepts a top-level array, or an object with a {@code messages} array (and optionally a
 * {@code system} string, Anthropic style). Each message has a {@code role} ({@code user},
 * {@code assistant}, {@code system}/{@code developer}, or {@code tool}) and {@code content} as a string
 * or an array of content blocks. Both shapes of tool use are understood: Anthropic {@code tool_use} /
 * {@code tool_result} blocks, and OpenAI {@code tool_calls} with a {@code role: "tool"} reply carrying
 * {@code tool_call_id}. An entry that cannot be used is a {@link ReadProblem} at its 1-based position in
 * the list ({@link ReadProblem.Place#MESSAGE}).
 */
public final class MessageListReader {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private MessageListReader() {}

  /** Reads a file; the session id is the file name without extension. */
  public static Transcript read(Path file) throws IOException {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return parse(Files.readString(file, StandardCharsets.UTF_8), dot > 0 ? name.substring(0, dot) : name);
  }

  /**
   * Parses JSON text.
   *
   * @throws IllegalArgumentException when the text is not JSON or holds no message list
   */
  public static Transcript parse(String json, String sessionId) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          sessionId + ": " + JsonLines.invalid(e, false)
              + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"), e);
    }
    List<TranscriptMessage> messages = new ArrayList<>();
    JsonNode list = root;
    if (root != null && root.isObject()) {
      Records.text(root, "system")
          .ifPresent(s -> messages.add(TranscriptMessage.text(Role.SYSTEM, s)));
      list = root.get("messages");
    }
    if (list == null || !list.isArray()) {
      throw new IllegalArgumentException(
          sessionId + ": expected a JSON array of messages or an object with a \"messages\" array");
    }
    List<ReadProblem> problems = new ArrayList<>();
    int position = 0;
    for (JsonNode entry : list) {
      position++;
      Optional<TranscriptMessage> message = message(entry, position, problems);
      message.ifPresent(messages::add);
    }
    return new Transcript(
        sessionId, Optional.empty(), messages, List.of(), List.of(), List.of(),
        Map.of("message", position), problems, CodingAgent.OTHER);
  }

  private static Optional<TranscriptMessage> message(JsonNode entry, int position, List<ReadProblem> problems) {
    if (!entry.isObject()) {
      problems.add(ReadProblem.atMessage(position, "message is not a JSON object"));
      return Optional.empty();
    }
    String roleName = Records.text(entry, "role").orElse("");
    Role role;
    List<ContentBlock> blocks = new ArrayList<>();
    switch (roleName) {
      case "user" -> role = Role.USER;
      case "assistant" -> role = Role.ASSISTANT;
      case "system", "developer" -> role = Role.SYSTEM;
      case "tool" -> {
        role = Role.USER;
        blocks.add(
            new ContentBlock.ToolResult(
                Records.text(entry, "tool_call_id").orElse(""),
                Records.resultText(entry.get("content")),
                entry.path("is_error").asBoolean(false)));
      }
      default -> {
        problems.add(ReadProblem.atMessage(position, "unknown role \"" + roleName + "\""));
        return Optional.empty();
      }
    }
    if (!roleName.equals("tool")) {
      blocks.addAll(Records.blocks(entry.get("content")));
    }
    for (JsonNode call : entry.path("tool_calls")) {
      blocks.add(openAiToolCall(call));
    }
    return Optional.of(
        TranscriptMessage.builder(role, blocks).uuid(Records.text(entry, "id"))
            .timestamp(Records.instant(entry, "timestamp")).model(Records.text(entry, "model"))
            .usage(Records.usage(entry.get("usage"))).lineNumber(position).build());
  }

  // OpenAI sends arguments as a JSON string; a string that is not JSON is kept as {"arguments": text}.
  private static ContentBlock.ToolUse openAiToolCall(JsonNode call) {
    JsonNode function = call.path("function");
    JsonNode arguments = function.get("arguments");
    JsonNode input = JsonNodeFactory.instance.objectNode();
    if (arguments != null && arguments.isTextual()) {
      try {
        input = MAPPER.readTree(arguments.asText());
      } catch (JsonProcessingException e) {
        input = JsonNodeFactory.instance.objectNode().put("arguments", arguments.asText());
      }
    } else if (arguments != null && arguments.isObject()) {
      input = arguments;
    }
    return new ContentBlock.ToolUse(
        Records.text(call, "id").orElse(""), Records.text(function, "name").orElse(""), input);
  }
}
