package io.engram.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.transcript.AgentSessionFiles;
import io.engram.transcript.CodingAgent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How one coding agent calls hooks: the names of its events, the fields of its input and the shape of the answer it
 * reads. {@link HookRunner} works on Claude Code's contract; a dialect translates at the edge, the input into a
 * {@link HookInput} on the way in and the answer into what the agent reads on the way out, so every surface that
 * answers a hook (its own JVM, the resident service) speaks each agent's contract the same way.
 *
 * <ul>
 *   <li>Claude Code and Codex: Claude Code's names, input and {@code hookSpecificOutput} (Codex documents the same
 *       shape); Codex may send {@code transcript_path: null}, and its rollout is then found by the session's id.
 *   <li>Gemini CLI: {@code BeforeAgent}, {@code AfterAgent}, {@code PreCompress} and {@code AfterTool} for
 *       UserPromptSubmit, Stop, PreCompact and PostToolUse; stdout must always hold a JSON object, since Gemini reads
 *       stderr as the answer when stdout is empty and shows it to the person.
 *   <li>Cursor: camelCase names ({@code sessionStart}, {@code beforeSubmitPrompt}, {@code stop}, {@code preCompact},
 *       {@code sessionEnd}); {@code conversation_id} and {@code workspace_roots} in place of {@code session_id} and
 *       {@code cwd}; stdin may start with a byte-order mark; {@code transcript_path} is often null, and the
 *       transcript is then found by the conversation's id. Only {@code sessionStart} adds context ({@code
 *       {"additional_context": ..., "continue": true}}); {@code beforeSubmitPrompt} cannot, so it is answered
 *       {@code {"continue": true}} without recalling (a recall would count memories as sent that never arrived).
 *   <li>OpenCode has plugins, not command hooks: Engram's plugin calls {@code engram hook --agent opencode} with
 *       Claude Code's input and, at Stop and PreCompact, the session as {@code opencode export} prints it under
 *       {@code transcript}, which is kept (redacted) in the session's directory and read from there.
 * </ul>
 */
public enum HookDialect {
  /** Anthropic's Claude Code: the contract {@link HookRunner} speaks. */
  CLAUDE_CODE(CodingAgent.CLAUDE_CODE, Map.of(), Set.of(HookEvent.values())),
  /** OpenAI's Codex CLI. */
  CODEX(CodingAgent.CODEX, Map.of(), Set.of(HookEvent.SESSION_START, HookEvent.USER_PROMPT_SUBMIT,
      HookEvent.PRE_COMPACT, HookEvent.STOP)),
  /** Google's Gemini CLI. */
  GEMINI(CodingAgent.GEMINI, Map.of(HookEvent.USER_PROMPT_SUBMIT, "BeforeAgent", HookEvent.STOP, "AfterAgent",
      HookEvent.PRE_COMPACT, "PreCompress", HookEvent.POST_TOOL_USE, "AfterTool"),
      Set.of(HookEvent.SESSION_START, HookEvent.USER_PROMPT_SUBMIT, HookEvent.PRE_COMPACT, HookEvent.STOP,
          HookEvent.SESSION_END)),
  /** Cursor's agent (the IDE and the {@code agent} command). */
  CURSOR(CodingAgent.CURSOR, Map.of(HookEvent.SESSION_START, "sessionStart", HookEvent.USER_PROMPT_SUBMIT,
      "beforeSubmitPrompt", HookEvent.STOP, "stop", HookEvent.PRE_COMPACT, "preCompact", HookEvent.SESSION_END,
      "sessionEnd", HookEvent.POST_TOOL_USE, "postToolUse"),
      Set.of(HookEvent.SESSION_START, HookEvent.PRE_COMPACT, HookEvent.STOP, HookEvent.SESSION_END)),
  /** OpenCode, through Engram's plugin. */
  OPENCODE(CodingAgent.OPENCODE, Map.of(), Set.of(HookEvent.SESSION_START, HookEvent.USER_PROMPT_SUBMIT,
      HookEvent.PRE_COMPACT, HookEvent.STOP));

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final char BYTE_ORDER_MARK = '\uFEFF';

  private final CodingAgent agent;
  private final Map<HookEvent, String> ownNames;
  private final Set<HookEvent> installed;

  HookDialect(CodingAgent agent, Map<HookEvent, String> ownNames, Set<HookEvent> installed) {
    this.agent = agent;
    this.ownNames = ownNames.isEmpty() ? Map.of() : new EnumMap<>(ownNames);
    this.installed = installed;
  }

  /** The agent that speaks this dialect. */
  public CodingAgent agent() {
    return agent;
  }

  /** The dialect of {@code agent}; any other agent is taken to speak Claude Code's. */
  public static HookDialect of(CodingAgent agent) {
    return Arrays.stream(values()).filter(d -> d.agent == agent).findFirst().orElse(CLAUDE_CODE);
  }

  /** The dialect spelled {@code text} ({@code claude}, {@code claude-code}, {@code codex}...). */
  public static Optional<HookDialect> parse(String text) {
    return CodingAgent.parse(text).filter(a -> a != CodingAgent.OTHER).map(HookDialect::of);
  }

  /** The spellings {@link #parse} takes, for error messages and help. */
  public static String choices() {
    return "claude, codex, gemini, opencode, cursor";
  }

  /** The event called {@code name}: the agent's own name ({@code BeforeAgent}) or Claude Code's, case-insensitive. */
  public Optional<HookEvent> event(String name) {
    String n = name.strip();
    return ownNames.entrySet().stream().filter(e -> e.getValue().equalsIgnoreCase(n)).map(Map.Entry::getKey)
        .findFirst().or(() -> HookEvent.parse(n));
  }

  /** The agent's own name for {@code event} ({@code BeforeAgent} for UserPromptSubmit in Gemini CLI). */
  public String eventName(HookEvent event) {
    return ownNames.getOrDefault(event, event.hookName());
  }

  /**
   * The agent's own names of the events Engram answers for it (those {@code hooks install} registers and those it
   * has a name of its own for), in {@link HookEvent}'s order, for error messages: Gemini CLI's {@code BeforeAgent},
   * not Claude Code's {@code UserPromptSubmit}.
   */
  public String eventChoices() {
    return Arrays.stream(HookEvent.values()).filter(e -> installed.contains(e) || ownNames.containsKey(e))
        .map(this::eventName).collect(java.util.stream.Collectors.joining(", "));
  }

  /** The events {@code hooks install} registers for this agent, in {@link HookEvent}'s order. */
  public List<HookEvent> installedEvents() {
    return Arrays.stream(HookEvent.values()).filter(installed::contains).toList();
  }

  /**
   * True when the agent reads context from {@code event}'s answer; an event that adds context to an agent that
   * cannot receive it is answered without running (Cursor's {@code beforeSubmitPrompt}).
   */
  public boolean receivesContext(HookEvent event) {
    return event.injectsContext() && !(this == CURSOR && event != HookEvent.SESSION_START);
  }

  /**
   * Where a dialect looks for what the input leaves out: Engram's home (an OpenCode session handed over is kept in
   * the session's directory there) and the agents' session files.
   */
  public record Places(Path engramHome, AgentSessionFiles sessionFiles) {
    public Places {
      Objects.requireNonNull(engramHome, "engramHome");
      Objects.requireNonNull(sessionFiles, "sessionFiles");
    }
  }

  /**
   * One hook call read in this dialect.
   *
   * @param event the event
   * @param input the input, in Claude Code's terms
   * @param body the input as Claude Code would have sent it (what is queued and handed on: a session handed over
   *     inline is replaced by the path it was kept at)
   * @param notes what the translation noticed (an event name in the input that disagrees with the command's)
   */
  public record Call(HookEvent event, HookInput input, String body, List<String> notes) {
    public Call {
      Objects.requireNonNull(event, "event");
      Objects.requireNonNull(input, "input");
      Objects.requireNonNull(body, "body");
      notes = List.copyOf(notes);
    }
  }

  /**
   * Reads {@code json} as this agent sends {@code event}'s input. Throws {@link IllegalArgumentException} naming
   * what is wrong, as {@link HookInput#parse} does; an OpenCode session that cannot be kept is an {@link IOException}.
   */
  public Call call(HookEvent event, String json, Places places) throws IOException {
    String text = !json.isEmpty() && json.charAt(0) == BYTE_ORDER_MARK ? json.substring(1) : json;
    JsonNode root = HookInput.tree(text);
    if (!(root instanceof ObjectNode given)) {
      HookInput.of(root); // throws, naming what is wrong
      throw new IllegalStateException("unreachable");
    }
    ObjectNode in = given.deepCopy();
    List<String> notes = new ArrayList<>();
    if (this == CURSOR) {
      firstText(in, "conversation_id").ifPresent(id -> in.put("session_id", id));
      if (blank(in, "cwd") && in.path("workspace_roots").isArray()) {
        firstText(in.get("workspace_roots"), 0).ifPresent(root0 -> in.put("cwd", root0));
      }
    }
    for (String field : List.of("cwd", "transcript_path")) {
      if (blank(in, field)) {
        in.remove(field);
      }
    }
    JsonNode named = in.get("hook_event_name");
    if (named != null && named.isTextual()) {
      Optional<HookEvent> said = event(named.asText());
      if (said.isPresent() && said.get() != event) {
        notes.add("hook_event_name is " + named.asText() + " but the command says " + eventName(event)
            + "; answering " + eventName(event));
      }
      in.put("hook_event_name", event.hookName());
    }
    String session = HookInput.of(in).sessionId(); // checks the fields before anything is written or looked up
    JsonNode handed = in.remove("transcript");
    if (this == OPENCODE && handed != null && handed.isObject()) {
      in.put("transcript_path", OpenCodeSessions.keep(places.engramHome(), session, (ObjectNode) handed).toString());
    }
    if (!in.has("transcript_path") && readsTranscript(event)) {
      places.sessionFiles().find(agent, session).ifPresent(f -> in.put("transcript_path", f.toString()));
    }
    return new Call(event, HookInput.of(in), in.toString(), notes);
  }

  // SessionStart and PostToolUse read no transcript; looking one up would cost them for nothing.
  private static boolean readsTranscript(HookEvent event) {
    return event != HookEvent.SESSION_START && event != HookEvent.POST_TOOL_USE;
  }

  /** What the hook prints for {@code event} when it adds {@code context} (empty: nothing), in this agent's shape. */
  public String stdout(HookEvent event, Optional<String> context) {
    return stdout(event, context, List.of());
  }

  /**
   * What the hook prints for {@code event} when it adds {@code context} (empty: nothing) and has {@code warnings} for
   * the person, in this agent's shape: Claude Code, Codex and Gemini CLI show a {@code systemMessage}; Cursor's and
   * OpenCode's answers have no such field, so there the warnings are only logged.
   */
  public String stdout(HookEvent event, Optional<String> context, List<String> warnings) {
    ObjectNode out = JSON.createObjectNode();
    Optional<String> added = context.filter(c -> !c.isBlank()).filter(c -> receivesContext(event));
    boolean warns = !warnings.isEmpty() && (this == CLAUDE_CODE || this == CODEX || this == GEMINI);
    switch (this) {
      case CURSOR -> {
        if (event == HookEvent.SESSION_START || event == HookEvent.USER_PROMPT_SUBMIT) {
          added.ifPresent(c -> out.put("additional_context", c));
          out.put("continue", true);
        }
      }
      default -> {
        if (added.isPresent() || (warns && receivesContext(event))) {
          // An answer that only warns keeps the shape of one that adds context (an empty one), which every agent
          // here accepts for the event.
          ObjectNode specific = out.putObject("hookSpecificOutput");
          specific.put("hookEventName", eventName(event));
          specific.put("additionalContext", added.orElse(""));
        } else if (this != GEMINI && !warns) {
          return ""; // Claude Code and Codex read an empty stdout as nothing to add
        }
        if (warns) {
          out.put("systemMessage", "Engram: " + String.join(" ", warnings));
        }
      }
    }
    try {
      return JSON.writeValueAsString(out);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render the hook's answer", e);
    }
  }

  private static boolean blank(JsonNode in, String field) {
    JsonNode n = in.get(field);
    return n == null || n.isNull() || (n.isTextual() && n.asText().isBlank());
  }

  private static Optional<String> firstText(JsonNode in, String field) {
    JsonNode n = in.get(field);
    return n != null && n.isTextual() && !n.asText().isBlank() ? Optional.of(n.asText()) : Optional.empty();
  }

  private static Optional<String> firstText(JsonNode array, int index) {
    JsonNode n = array.get(index);
    return n != null && n.isTextual() && !n.asText().isBlank() ? Optional.of(n.asText()) : Optional.empty();
  }
}
