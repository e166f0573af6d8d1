package io.engram.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.HooksSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Adds Engram's hooks to a Claude Code settings file and takes them out again, leaving every other key
 * and every other hook as it was. Engram's entries are recognised by their command
 * ({@code ... engram... hook <Event>}), so installing twice leaves one entry per event. The file is
 * rewritten atomically, keeping its mode, under a lock kept in a directory the caller names (Engram's
 * home), so nothing but the settings file itself is left in {@code .claude/}; a file that is not a JSON
 * object is refused untouched, as is an event whose value is neither a list nor one hook group ({@link
 * HookEventLists}: a hand-written group is kept, in a list).
 */
public final class ClaudeHookSettings {
  // Searched (find) after the first "engram", not matched with leading and trailing '.*': that shape
  // backtracks over every "engram" in a long command and takes time quadratic in its length.
  private static final Pattern ENGRAM = Pattern.compile("engram", Pattern.CASE_INSENSITIVE);
  // Any agent's name for an event Engram answers, after an optional --agent AGENT (or --agent=AGENT).
  private static final Pattern HOOK_EVENT = Pattern.compile("\\shook\\s+(?:--agent(?:=|\\s+)\\S+\\s+)?(" + String.join("|",
      java.util.Arrays.stream(HookDialect.values()).flatMap(d -> java.util.Arrays.stream(HookEvent.values())
          .map(d::eventName)).distinct().toList()) + ")\\b", Pattern.CASE_INSENSITIVE);

  private ClaudeHookSettings() {}

  /**
   * True when {@code command} runs an Engram hook: "engram", then somewhere after it " hook EVENT" (or " hook --agent
   * AGENT EVENT", in any agent's name for the event).
   */
  static boolean isOurs(String command) {
    java.util.regex.Matcher engram = ENGRAM.matcher(command);
    return engram.find() && HOOK_EVENT.matcher(command).region(engram.end(), command.length()).find();
  }

  /** What a change did: per event, whether an entry was added or removed. */
  public record Change(Path file, List<String> added, List<String> removed, boolean written) {
    public Change {
      added = List.copyOf(added);
      removed = List.copyOf(removed);
    }
  }

  /**
   * Writes one hook per event into {@code settingsFile}, running {@code command + " hook " + event} with the
   * timeouts of {@code timeouts}; an existing Engram entry is replaced, not duplicated. The lock is taken in
   * {@code lockDir}.
   */
  public static Change install(Path settingsFile, String command, HooksSettings timeouts, Path lockDir)
      throws IOException {
    return edit(settingsFile, lockDir, root -> {
      HookEventLists.ensure(root, java.util.Arrays.stream(HookEvent.values()).map(HookEvent::hookName).toList(), true);
      List<String> removed = removeOurs(root);
      ObjectNode hooks = JsonConfigFile.object(root, "hooks");
      List<String> added = new ArrayList<>();
      for (HookEvent e : HookEvent.values()) {
        ArrayNode groups = hooks.get(e.hookName()) instanceof ArrayNode a ? a : hooks.putArray(e.hookName());
        ObjectNode group = groups.addObject();
        e.matcher().ifPresent(m -> group.put("matcher", m));
        ObjectNode hook = group.putArray("hooks").addObject();
        hook.put("type", "command");
        hook.put("command", commandLine(command, e));
        hook.put("timeout", e.injectsContext() ? timeouts.contextTimeoutSeconds() : timeouts.afterTurnTimeoutSeconds());
        added.add(e.hookName());
      }
      added.removeIf(removed::contains);
      return new JsonConfigFile.Delta(added, List.of());
    });
  }

  // A program or jar that is not there ends the hook with exit 0 and nothing printed: after 'engram uninstall'
  // (or a PATH without engram) the shell's exit 127 would be a hook error on every turn of every project.
  private static final Pattern JAVA_JAR = Pattern.compile("java -jar ('(?:[^']|'\\\\'')*'|\\S+)");
  private static final Pattern FIRST_WORD = Pattern.compile("('(?:[^']|'\\\\'')*'|[A-Za-z0-9_./-]+)(?:\\s|$)");

  /**
   * The shell line a hook runs: {@code command hook EVENT}, after a test that exits 0 in silence when the program
   * (or the jar {@code java -jar} names) is gone. A command whose program cannot be told runs unguarded.
   */
  static String commandLine(String command, HookEvent event) {
    return commandLine(command, "hook " + event.hookName());
  }

  /** The shell line that runs {@code command + " " + arguments}, guarded as {@link #commandLine(String, HookEvent)} is. */
  static String commandLine(String command, String arguments) {
    String run = command + " " + arguments;
    java.util.regex.Matcher jar = JAVA_JAR.matcher(command);
    if (jar.lookingAt()) {
      return "[ -f " + jar.group(1) + " ] || exit 0; " + run;
    }
    java.util.regex.Matcher first = FIRST_WORD.matcher(command);
    if (!first.lookingAt()) {
      return run;
    }
    String program = first.group(1);
    boolean path = program.startsWith("'") || program.contains("/");
    return (path ? "[ -x " + program + " ]" : "command -v " + program + " >/dev/null 2>&1") + " || exit 0; " + run;
  }

  /** Removes Engram's hooks from {@code settingsFile}; other hooks and keys stay. The lock is taken in {@code lockDir}. */
  public static Change uninstall(Path settingsFile, Path lockDir) throws IOException {
    if (!Files.exists(settingsFile)) {
      return new Change(settingsFile, List.of(), List.of(), false);
    }
    return edit(settingsFile, lockDir, root -> new JsonConfigFile.Delta(List.of(), removeOurs(root)));
  }

  /**
   * The events whose hooks in {@code settingsFile} run Engram; empty when the file is absent. Claude Code runs
   * the hooks of every settings file that applies, so Engram's in two of them run twice.
   *
   * @throws IllegalArgumentException when the file is not a JSON object with a {@code hooks} object
   */
  public static List<String> engramEvents(Path settingsFile) throws IOException {
    if (!Files.exists(settingsFile)) {
      return List.of();
    }
    // What removing them would remove, from a copy nobody writes.
    return removeOurs(JsonConfigFile.parse(settingsFile, JsonConfigFile.text(settingsFile), List.of("hooks")));
  }

  /** Removes every Engram command hook; returns the events that had one. Empty groups and events go too. */
  static List<String> removeOurs(ObjectNode root) {
    return removeOurs(root, true);
  }

  /**
   * Removes every Engram command hook of {@code root}'s {@code hooks}, whose events hold groups of hooks ({@code
   * grouped}: Claude Code's, Codex's and Gemini CLI's shape) or the hooks themselves (Cursor's); returns the events
   * that had one. Empty groups and events, and an empty {@code hooks}, go too.
   */
  static List<String> removeOurs(ObjectNode root, boolean grouped) {
    List<String> events = new ArrayList<>();
    if (!(root.get("hooks") instanceof ObjectNode hooks)) {
      return events;
    }
    Iterator<Map.Entry<String, JsonNode>> fields = hooks.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> event = fields.next();
      if (event.getValue() instanceof ObjectNode one) {
        // One group (or Cursor hook) written without its list, the shape install keeps: ours goes, theirs stays.
        if (removeOursFromOne(one, grouped)) {
          events.add(event.getKey());
          if (!grouped || one.path("hooks").isEmpty()) {
            fields.remove();
          }
        }
        continue;
      }
      if (!event.getValue().isArray()) {
        continue;
      }
      boolean hadOurs = false;
      if (grouped) {
        for (Iterator<JsonNode> groups = event.getValue().elements(); groups.hasNext(); ) {
          JsonNode list = groups.next().get("hooks");
          if (list != null && list.isArray()) {
            hadOurs |= removeOursFrom(list);
            if (list.isEmpty()) {
              groups.remove();
            }
          }
        }
      } else {
        hadOurs = removeOursFrom(event.getValue());
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
    }
    return events;
  }

  // An event's one group (grouped) or one hook (Cursor) written without its list: whether it held Engram's hook, which
  // is taken out of the group; a Cursor hook that is Engram's is the whole value, for the caller to drop.
  private static boolean removeOursFromOne(ObjectNode one, boolean grouped) {
    if (!grouped) {
      return one.path("command").isTextual() && isOurs(one.get("command").asText());
    }
    JsonNode list = one.get("hooks");
    return list != null && list.isArray() && removeOursFrom(list);
  }

  // Takes the hooks whose command is Engram's out of {@code list}; whether there was one.
  private static boolean removeOursFrom(JsonNode list) {
    boolean removed = false;
    for (Iterator<JsonNode> hs = list.elements(); hs.hasNext(); ) {
      JsonNode h = hs.next();
      if (h.path("command").isTextual() && isOurs(h.get("command").asText())) {
        hs.remove();
        removed = true;
      }
    }
    return removed;
  }

  private static Change edit(Path file, Path lockDir, JsonConfigFile.Edit edit) throws IOException {
    JsonConfigFile.Result r = JsonConfigFile.edit(file, lockDir, List.of("hooks"), edit);
    return new Change(r.file(), r.delta().added(), r.delta().removed(), r.written());
  }
}
