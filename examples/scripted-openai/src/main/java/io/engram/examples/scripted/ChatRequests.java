package io.engram.examples.scripted;

import com.fasterxml.jackson.databind.JsonNode;

/** Reading a chat-completions request: the text of its messages, whatever shape their content has. */
public final class ChatRequests {
  private ChatRequests() {}

  /** The text of one message: its content string, or its text parts joined. */
  public static String text(JsonNode message) {
    JsonNode content = message.path("content");
    if (content.isTextual()) {
      return content.asText();
    }
    StringBuilder text = new StringBuilder();
    content.forEach(part -> text.append(part.path("text").asText("")));
    return text.toString();
  }

  /** The text of the last message with {@code role} in {@code request}, or "". */
  public static String lastOf(JsonNode request, String role) {
    String found = "";
    for (JsonNode m : request.path("messages")) {
      if (role.equals(m.path("role").asText())) {
        found = text(m);
      }
    }
    return found;
  }

  /** True when the request's last message is a tool's answer (the model is to go on after a tool call). */
  public static boolean endsWithToolResult(JsonNode request) {
    JsonNode messages = request.path("messages");
    return messages.size() > 0 && "tool".equals(messages.get(messages.size() - 1).path("role").asText());
  }

  static int roughTokens(JsonNode request) {
    int chars = 0;
    for (JsonNode m : request.path("messages")) {
      chars += text(m).length();
    }
    return Math.max(1, chars / 4);
  }
}
