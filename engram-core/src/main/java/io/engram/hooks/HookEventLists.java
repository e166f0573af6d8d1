package io.engram.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;

/**
 * The events of an agent's hook settings as the lists the agent reads, before Engram adds its hook to them. A
 * person who wrote one event's hook group by hand without the list around it ({@code "Stop": {"hooks": [...]}}, or for
 * Cursor one {@code {"command": ...}}) keeps it: it becomes the list's first element and Engram's goes after it. Any
 * other value (a string, a number, a list's worth of text) is refused, naming the key, and the file is left as it was:
 * replacing it lost the person's hook.
 */
final class HookEventLists {
  private HookEventLists() {}

  /**
   * Makes each of {@code events} under {@code root}'s {@code hooks} a list; {@code grouped}: an event holds groups of
   * hooks (Claude Code, Codex, Gemini CLI), else the hooks themselves (Cursor). An absent or null event is left for
   * the caller to make.
   *
   * @throws JsonConfigFile.Refusal naming the key, when an event holds something else
   */
  static void ensure(ObjectNode root, Collection<String> events, boolean grouped) {
    if (!(root.get("hooks") instanceof ObjectNode hooks)) {
      return;
    }
    for (String event : events) {
      JsonNode value = hooks.get(event);
      if (value == null || value.isArray()) {
        continue;
      }
      if (value.isNull()) {
        hooks.remove(event);
      } else if (value instanceof ObjectNode one && (grouped ? one.path("hooks").isArray() : one.has("command"))) {
        hooks.putArray(event).add(one);
      } else {
        throw new JsonConfigFile.Refusal("\"hooks\" > \"" + event + "\" is " + kind(value) + ", not a list of "
            + (grouped ? "hook groups ([{\"hooks\": [{\"type\": \"command\", \"command\": ...}]}])"
                : "hooks ([{\"command\": ...}])")
            + ", so Engram cannot add its hook beside it; make it a list (keeping your hook in it) and install again");
      }
    }
  }

  private static String kind(JsonNode value) {
    return switch (value.getNodeType()) {
      case STRING -> "a string";
      case NUMBER -> "a number";
      case BOOLEAN -> "true or false";
      case OBJECT -> "an object of another shape";
      default -> "a " + value.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
