package io.engram.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Field access and content-block parsing shared by the readers; lenient about shapes. */
final class Records {
  private static final ObjectMapper JSON = new ObjectMapper();
  private Records() {}

  static Optional<String> text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
  }

  static Optional<Instant> instant(JsonNode node, String field) {
    return text(node, field).flatMap(Records::parseInstant);
  }

  static Optional<Instant> parseInstant(String text) {
    try {
      return Optional.of(Instant.parse(text));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  static TranscriptMessage message(JsonNode record, JsonNode message, Role role, int lineNumber) {
    return TranscriptMessage.builder(role, blocks(message.get("content")))
        .uuid(text(record, "uuid"))
        .parentUuid(text(record, "parentUuid"))
        .timestamp(instant(record, "timestamp"))
        .cwd(text(record, "cwd"))
        .gitBranch(text(record, "gitBranch"))
        .slug(text(record, "slug"))
        .model(text(message, "model"))
        .requestId(text(message, "id"))
        .usage(usage(message.get("usage")))
        .sidechain(record.path("isSidechain").asBoolean(false))
        .compactSummary(record.path("isCompactSummary").asBoolean(false))
        .meta(record.path("isMeta").asBoolean(false))
        .lineNumber(lineNumber)
        .build();
  }

  static TranscriptMessage systemMessage(JsonNode record, String content, int lineNumber) {
    return TranscriptMessage.builder(Role.SYSTEM, List.of(new ContentBlock.Text(content)))
        .uuid(text(record, "uuid"))
        .parentUuid(text(record, "parentUuid"))
        .timestamp(instant(record, "timestamp"))
        .cwd(text(record, "cwd"))
        .gitBranch(text(record, "gitBranch"))
        .slug(text(record, "slug"))
        .sidechain(record.path("isSidechain").asBoolean(false))
        .meta(true)
        .lineNumber(lineNumber)
        .build();
  }

  /** A prompt queued while the agent was busy, as the user message the model received. */
  static TranscriptMessage queuedMessage(JsonNode record, List<ContentBlock> blocks, int lineNumber) {
    TranscriptMessage.Builder m = TranscriptMessage.builder(Role.USER, blocks)
        .timestamp(instant(record, "timestamp"))
        .lineNumber(lineNumber);
    // The harness queues its own events as JSON objects (a background task started: task_id, description,
    // task_type); what a person types while the agent works is text.
    return machineWritten(record.get("content")) ? m.kind(MessageKind.TASK_NOTIFICATION).build() : m.build();
  }

  private static boolean machineWritten(JsonNode content) {
    if (content == null || !content.isTextual() || !content.asText().strip().startsWith("{")) {
      return false;
    }
    try {
      return JSON.readTree(content.asText()).isObject();
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /**
   * A user message that carries tool results and text as two messages, the results and then the text: the text
   * is what the person typed while the tools ran (or a notice) and is read as such. Beside results that load tools
   * ({@code tool_reference} blocks, the answer to a tool search) the text is the harness's note of it ("Tool
   * loaded."), never the person's: {@code loadsTools} says so.
   */
  static List<TranscriptMessage> split(TranscriptMessage m, boolean loadsTools) {
    List<ContentBlock> results = m.blocks().stream().filter(ContentBlock.ToolResult.class::isInstance).toList();
    if (m.role() != Role.USER || results.isEmpty() || results.size() == m.blocks().size()) {
      return List.of(m);
    }
    List<ContentBlock> rest = m.blocks().stream().filter(b -> !(b instanceof ContentBlock.ToolResult)).toList();
    if (rest.stream().allMatch(b -> b.promptText().isBlank() && !(b instanceof ContentBlock.Other))) {
      return List.of(m);
    }
    TranscriptMessage said = m.toBuilder().blocks(rest).kind(loadsTools ? MessageKind.SYSTEM_NOTICE : null).build();
    return List.of(m.toBuilder().blocks(results).kind(MessageKind.TOOL_RESULT).build(), said);
  }

  /** Whether a message's content holds a tool result that loads tools: a {@code tool_reference} block in it. */
  static boolean loadsTools(JsonNode content) {
    if (content == null || !content.isArray()) {
      return false;
    }
    for (JsonNode block : content) {
      JsonNode result = block.path("content");
      if ("tool_result".equals(block.path("type").asText()) && result.isArray()) {
        for (JsonNode part : result) {
          if ("tool_reference".equals(part.path("type").asText())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  static Optional<Usage> usage(JsonNode usage) {
    if (usage == null || !usage.isObject()) {
      return Optional.empty();
    }
    return Optional.of(
        new Usage(
            usage.path("input_tokens").asLong(0),
            usage.path("cache_read_input_tokens").asLong(0),
            usage.path("cache_creation_input_tokens").asLong(0),
            usage.path("output_tokens").asLong(0)));
  }

  /** Content as a string or an array of blocks (strings inside the array count as text). */
  static List<ContentBlock> blocks(JsonNode content) {
    if (content == null || content.isNull() || content.isMissingNode()) {
      return List.of();
    }
    if (content.isTextual()) {
      return List.of(new ContentBlock.Text(content.asText()));
    }
    if (!content.isArray()) {
      return List.of(new ContentBlock.Other(content.getNodeType().name().toLowerCase()));
    }
    List<ContentBlock> blocks = new ArrayList<>(content.size());
    for (JsonNode block : content) {
      blocks.add(block(block));
    }
    return blocks;
  }

  static ContentBlock block(JsonNode block) {
    if (block.isTextual()) {
      return new ContentBlock.Text(block.asText());
    }
    String type = text(block, "type").orElse("");
    return switch (type) {
      case "text" -> new ContentBlock.Text(text(block, "text").orElse(""));
      case "thinking" -> new ContentBlock.Thinking(text(block, "thinking").orElse(""));
      case "redacted_thinking" -> new ContentBlock.Thinking("");
      case "tool_use", "server_tool_use" ->
          new ContentBlock.ToolUse(
              text(block, "id").orElse(""),
              text(block, "name").orElse(""),
              block.has("input") ? block.get("input") : JsonNodeFactory.instance.objectNode());
      case "tool_result" ->
          new ContentBlock.ToolResult(
              text(block, "tool_use_id").orElse(""),
              resultText(block.get("content")),
              block.path("is_error").asBoolean(false));
      default -> new ContentBlock.Other(type.isEmpty() ? "unknown" : type);
    };
  }

  /** A tool result's content flattened to text: a string, or the text blocks of an array joined. */
  static String resultText(JsonNode content) {
    if (content == null || content.isNull()) {
      return "";
    }
    if (content.isTextual()) {
      return content.asText();
    }
    if (content.isArray()) {
      StringBuilder text = new StringBuilder();
      for (JsonNode part : content) {
        String piece = part.isTextual() ? part.asText() : text(part, "text").orElse("");
        if (!piece.isEmpty()) {
          text.append(text.length() == 0 ? "" : "\n").append(piece);
        }
      }
      return text.toString();
    }
    return content.toString();
  }
}
