package io.engram.hooks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.HooksSettings;
import java.util.ArrayList;
import java.util.List;

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
      HooksSettings timeouts) {
    HookEventLists.ensure(root, dialect.installedEvents().stream().map(dialect::eventName).toList(),
        dialect != HookDialect.CURSOR);
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
    boolean cursor = dialect == HookDialect.CURSOR;
    List<String> events = ClaudeHookSettings.removeOurs(root, !cursor);
    // Cursor's version line goes with the last hook only when Engram's were all there was.
    if (cursor && !events.isEmpty() && !root.has("hooks") && root.size() == 1 && root.path("version").asInt() == 1) {
      root.remove("version");
    }
    return events;
  }
}
