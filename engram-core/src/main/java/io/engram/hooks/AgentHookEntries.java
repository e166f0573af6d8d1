package io.engram.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.EngramSettings;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Engram's hooks in a coding agent's hook settings, in the agent's own shape. Codex ({@code hooks.json}) and Gemini
 * CLI ({@code settings.json}) group hooks as Claude Code does ({@code {"hooks": {EVENT: [{"hooks": [{"type":
 * "command", ...}]}]}}}; Gemini's timeouts are in milliseconds, Codex's in seconds); Cursor lists commands per event
 * under a version ({@code {"version": 1, "hooks": {event: [{"command": ...}]}}}). Each hook runs {@code engram hook
 * --agent AGENT EVENT} in the agent's own name for the event; Engram's entries are found by their command, so
 * installing twice leaves one per event and removing takes out only those.
 */
final class AgentHookEntries {
  private AgentHookEntries() {}

  static JsonConfigFile.Delta install(ObjectNode root, HookDialect dialect, EngramCommand command,
      EngramSettings.Hooks timeouts) {
    List<String> removed = remove(root, dialect);
    ObjectNode hooks = JsonConfigFile.object(root, "hooks");
    if (dialect == HookDialect.CURSOR && !root.has("version")) {
      root.put("version", 1);
    }
    List<String> added = new ArrayList<>();
    for (HookEvent event : dialect.installedEvents()) {
      String name = dialect.eventName(event);
      ArrayNode entries = hooks.get(name) instanceof ArrayNode a ? a : hooks.putArray(name);
      String line = ClaudeHookSettings.commandLine(command.shell(), arguments(dialect, event));
      if (dialect == HookDialect.CURSOR) {
        entries.addObject().put("command", line);
      } else {
        ObjectNode hook = entries.addObject().putArray("hooks").addObject();
        hook.put("type", "command");
        if (dialect == HookDialect.GEMINI) {
          hook.put("name", "engram");
        }
        hook.put("command", line);
        int seconds = event.injectsContext() ? timeouts.contextTimeoutSeconds() : timeouts.afterTurnTimeoutSeconds();
        hook.put("timeout", dialect == HookDialect.GEMINI ? seconds * 1000 : seconds);
      }
      if (!removed.contains(name)) {
        added.add(name);
      }
    }
    return new JsonConfigFile.Delta(added, List.of());
  }

  /** The arguments of the hook command for {@code event}: {@code hook --agent AGENT EVENT}. */
  static String arguments(HookDialect dialect, HookEvent event) {
    return "hook --agent " + dialect.agent().id() + " " + dialect.eventName(event);
  }

  /** Takes out every Engram hook; the events that had one. Events and groups left empty go too. */
  static List<String> remove(ObjectNode root, HookDialect dialect) {
    if (dialect != HookDialect.CURSOR) {
      return ClaudeHookSettings.removeOurs(root);
    }
    List<String> events = new ArrayList<>();
    if (!(root.get("hooks") instanceof ObjectNode hooks)) {
      return events;
    }
    Iterator<Map.Entry<String, JsonNode>> fields = hooks.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> event = fields.next();
      if (!event.getValue().isArray()) {
        continue;
      }
      boolean hadOurs = false;
      for (Iterator<JsonNode> it = event.getValue().elements(); it.hasNext(); ) {
        JsonNode entry = it.next();
        if (entry.path("command").isTextual() && ClaudeHookSettings.isOurs(entry.get("command").asText())) {
          it.remove();
          hadOurs = true;
        }
      }
      if (hadOurs) {
        events.add(event.getKey());
      }
      if (event.getValue().isEmpty()) {
        fields.remove();
      }
    }
    if (hooks.isEmpty()) {
      root.remove("hooks");
      // The version line goes with the last hook only when Engram's were all there was.
      if (root.size() == 1 && root.path("version").asInt() == 1 && !events.isEmpty()) {
        root.remove("version");
      }
    }
    return events;
  }
}
