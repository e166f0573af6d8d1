package io.engram.springai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.engram.hosted.HostedCompaction;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.Role;
import io.engram.transcript.TranscriptMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * Spring AI's messages as JSON (Spring AI has no serializer of its own) and as Engram transcript messages,
 * which extraction and compaction read. Text, tool calls and tool responses are kept; media are not.
 */
final class SpringMessages {
  private static final ObjectMapper JSON = new ObjectMapper();

  private SpringMessages() {}

  static String toJson(List<Message> messages) {
    ArrayNode array = JSON.createArrayNode();
    for (Message m : messages) {
      ObjectNode node = array.addObject().put("type", m.getMessageType().name()).put("text", text(m));
      if (m instanceof AssistantMessage a && !a.getToolCalls().isEmpty()) {
        ArrayNode calls = node.putArray("toolCalls");
        a.getToolCalls().forEach(c -> calls.addObject().put("id", c.id()).put("type", c.type())
            .put("name", c.name()).put("arguments", c.arguments()));
      }
      if (m instanceof ToolResponseMessage r) {
        ArrayNode responses = node.putArray("responses");
        r.getResponses().forEach(t -> responses.addObject().put("id", t.id()).put("name", t.name())
            .put("data", t.responseData()));
      }
    }
    return array.toString();
  }

  static List<Message> fromJson(String json) throws IOException {
    List<Message> out = new ArrayList<>();
    for (JsonNode node : JSON.readTree(json)) {
      String text = node.path("text").asText("");
      switch (node.path("type").asText("")) {
        case "SYSTEM" -> out.add(new SystemMessage(text));
        case "USER" -> out.add(new UserMessage(text));
        case "ASSISTANT" -> {
          List<AssistantMessage.ToolCall> calls = new ArrayList<>();
          node.path("toolCalls").forEach(c -> calls.add(new AssistantMessage.ToolCall(c.path("id").asText(),
              c.path("type").asText("function"), c.path("name").asText(), c.path("arguments").asText())));
          out.add(AssistantMessage.builder().content(text).toolCalls(calls).build());
        }
        case "TOOL" -> {
          List<ToolResponseMessage.ToolResponse> responses = new ArrayList<>();
          node.path("responses").forEach(r -> responses.add(new ToolResponseMessage.ToolResponse(
              r.path("id").asText(), r.path("name").asText(), r.path("data").asText())));
          out.add(ToolResponseMessage.builder().responses(responses).build());
        }
        default -> throw new IOException("a stored message has the unknown type '" + node.path("type").asText() + "'");
      }
    }
    return out;
  }

  static List<TranscriptMessage> toTranscript(List<Message> messages) {
    List<TranscriptMessage> out = new ArrayList<>(messages.size());
    for (Message m : messages) {
      out.add(toTranscript(m));
    }
    return out;
  }

  static TranscriptMessage toTranscript(Message m) {
    if (m instanceof SystemMessage) {
      return TranscriptMessage.text(Role.SYSTEM, text(m));
    }
    if (m instanceof ToolResponseMessage r) {
      List<ContentBlock> blocks = new ArrayList<>();
      r.getResponses().forEach(t -> blocks.add(new ContentBlock.ToolResult(t.id(), t.responseData(), false)));
      return TranscriptMessage.of(Role.USER, blocks);
    }
    if (m instanceof AssistantMessage a) {
      List<ContentBlock> blocks = new ArrayList<>();
      if (!text(a).isBlank()) {
        blocks.add(new ContentBlock.Text(text(a)));
      }
      a.getToolCalls().forEach(c -> blocks.add(new ContentBlock.ToolUse(c.id(), c.name(), arguments(c.arguments()))));
      return TranscriptMessage.of(Role.ASSISTANT, blocks);
    }
    String text = text(m);
    return TranscriptMessage.builder(Role.USER, List.of(new ContentBlock.Text(text)))
        .compactSummary(HostedCompaction.isContinuation(text)).build();
  }

  /** True when {@code message} ends an exchange: the assistant answered and asked for no tool. */
  static boolean endsExchange(Message message) {
    return message instanceof AssistantMessage a && a.getToolCalls().isEmpty();
  }

  static String text(Message m) {
    String text = m.getText();
    return text == null ? "" : text;
  }

  private static JsonNode arguments(String args) {
    try {
      JsonNode parsed = JSON.readTree(args == null ? "" : args);
      return parsed == null ? TextNode.valueOf("") : parsed;
    } catch (IOException e) {
      return TextNode.valueOf(args);
    }
  }
}
