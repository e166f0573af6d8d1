package io.engram.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The agent's todo list as its last TodoWrite call left it.
 *
 * @param items the todos in the order the agent wrote them
 * @param updatedAt when that call was made, if recorded
 */
public record TodoList(List<Todo> items, Optional<Instant> updatedAt) {
  public TodoList {
    items = List.copyOf(items);
  }

  /**
   * One todo.
   *
   * @param content what to do
   * @param status pending, in_progress or completed (as the agent wrote it)
   * @param activeForm the present-tense label, when given
   */
  public record Todo(String content, String status, Optional<String> activeForm) {
    /** True unless completed. */
    public boolean isOpen() {
      return !status.equals("completed");
    }
  }

  /** An empty list: no TodoWrite call was seen. */
  public static TodoList empty() {
    return new TodoList(List.of(), Optional.empty());
  }

  /** The todos not yet completed. */
  public List<Todo> open() {
    return items.stream().filter(Todo::isOpen).toList();
  }

  /**
   * The state after the last TodoWrite call in {@code messages}; entries that are not objects with
   * a content string are skipped.
   */
  public static TodoList latest(List<TranscriptMessage> messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      TranscriptMessage m = messages.get(i);
      List<ContentBlock.ToolUse> uses = m.toolUses();
      for (int j = uses.size() - 1; j >= 0; j--) {
        if (uses.get(j).name().equals("TodoWrite")) {
          return new TodoList(todos(uses.get(j).input().path("todos")), m.timestamp());
        }
      }
    }
    return empty();
  }

  private static List<Todo> todos(JsonNode array) {
    List<Todo> todos = new ArrayList<>();
    for (JsonNode item : array) {
      JsonNode content = item.get("content");
      if (content == null || !content.isTextual()) {
        continue;
      }
      JsonNode active = item.get("activeForm");
      todos.add(new Todo(content.asText(), item.path("status").asText("pending"),
          active != null && active.isTextual() ? Optional.of(active.asText()) : Optional.empty()));
    }
    return todos;
  }
}
