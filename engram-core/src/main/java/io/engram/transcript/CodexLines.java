package io.engram.transcript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a Codex rollout: one {@code {timestamp, type, payload}} per line.
 *
 * <p>What the model saw is in the {@code response_item}s: messages by role, reasoning (its summary), function and
 * custom tool calls and their outputs, web searches. What the person typed is the {@code event_msg} {@code
 * user_message}, which every recent version writes; most also write the same words as a user {@code
 * response_item} just before it, and one message is kept of the two (read apart, the item is the model's copy,
 * harness text like the items Codex writes itself). User items Codex writes itself (the {@code AGENTS.md} instructions, the environment, skills, an aborted
 * turn, a shell command the person ran) and developer items are harness text ({@link TranscriptMessage#isMeta()}).
 * {@code session_meta} gives the session's id, working directory and branch; {@code turn_context} the model and
 * working directory of each turn; {@code token_count} (or {@code token_usage_record}) the usage of the request just
 * answered, set on its last assistant message; {@code thread_rolled_back} takes back the person's last turns;
 * {@code compacted} a compaction, its summary a user message when Codex
 * kept one readable. Other events mirror items already read ({@code agent_message}, {@code exec_command_end}) or say
 * nothing about the conversation, and are counted and skipped, as are record types not known.
 */
final class CodexLines extends JsonLines {
  // The markers Codex puts at the start of user items it writes itself (codex-rs/protocol instruction_markers.rs).
  private static final List<String> INJECTED = List.of("# AGENTS.md instructions for ", "<user_instructions>",
      "<environment_context>", "<collaboration_mode>", "<skill", "<user_shell_command>", "<turn_aborted>",
      "<permissions instructions>", "<INSTRUCTIONS>");
  private static final Pattern EXIT_CODE =
      Pattern.compile("(?m)^(?:Process exited with code|Exit code:)\\s*(-?\\d+)");

  private Optional<String> cwd = Optional.empty();
  private Optional<String> branch = Optional.empty();
  private Optional<String> model = Optional.empty();
  /** The words of the last typed message while no reply followed it: its second copy is not a new message. */
  private Optional<String> typed = Optional.empty();
  /** Where the model's copy of a typed message stands while its {@code user_message} event has not come. */
  private int copy = -1;
  /** Where the assistant messages of the request not yet given its usage begin. */
  private int unmetered;
  private Optional<Long> lastPromptTokens = Optional.empty();

  CodexLines() {
    super(CodingAgent.CODEX);
  }

  @Override
  void record(JsonNode record, int lineNumber) {
    String type = Records.text(record, "type").orElse("");
    JsonNode payload = record.path("payload");
    String kind = Records.text(payload, "type").orElse("");
    count(kind.isEmpty() ? type : type + ":" + kind);
    Optional<Instant> at = Records.instant(record, "timestamp");
    switch (type) {
      case "session_meta" -> {
        if (sessionId.isEmpty()) {
          sessionId = Records.text(payload, "id").or(() -> Records.text(payload, "session_id"));
        }
        cwd = Records.text(payload, "cwd").or(() -> cwd);
        branch = Records.text(payload.path("git"), "branch").or(() -> branch);
      }
      case "turn_context" -> {
        cwd = Records.text(payload, "cwd").or(() -> cwd);
        model = Records.text(payload, "model").or(() -> model);
      }
      case "response_item" -> item(payload, kind, at, lineNumber);
      case "event_msg" -> event(payload, kind, at, lineNumber);
      case "token_usage_record" -> usage(payload.path("usage"));
      case "compacted" -> compacted(payload, at, lineNumber);
      default -> { } // records of later versions that carry no conversation
    }
  }

  private void item(JsonNode item, String kind, Optional<Instant> at, int lineNumber) {
    switch (kind) {
      case "message" -> message(item, at, lineNumber);
      case "reasoning" -> reasoning(item, at, lineNumber);
      case "function_call" -> call(item, toolName(item), arguments(item.get("arguments")), at, lineNumber);
      case "custom_tool_call" -> call(item, Records.text(item, "name").orElse("custom_tool"),
          item.path("input"), at, lineNumber);
      case "local_shell_call" -> {
        JsonNode action = item.path("action");
        JsonNode input = JsonNodeFactory.instance.objectNode().set("command", action.path("command"));
        call(item, "local_shell", input, Records.text(action, "working_directory").or(() -> cwd), at, lineNumber);
      }
      case "web_search_call" -> call(item, "web_search", item.path("action"), at, lineNumber);
      case "function_call_output", "custom_tool_call_output", "tool_search_output" -> output(item, at, lineNumber);
      case "tool_search_call" -> call(item, "tool_search", arguments(item.get("arguments")), at, lineNumber);
      default -> { } // ghost snapshots, compaction items, kinds of later versions
    }
  }

  private void message(JsonNode item, Optional<Instant> at, int lineNumber) {
    String role = Records.text(item, "role").orElse("");
    List<ContentBlock> blocks = new ArrayList<>();
    for (JsonNode part : item.path("content")) {
      String partType = Records.text(part, "type").orElse("");
      if (partType.endsWith("_text") || partType.equals("text")) {
        blocks.add(new ContentBlock.Text(Records.text(part, "text").orElse("")));
      } else {
        blocks.add(new ContentBlock.Other(partType.isEmpty() ? "unknown" : partType));
      }
    }
    switch (role) {
      case "assistant" -> add(Role.ASSISTANT, blocks, at, lineNumber, false);
      case "user" -> {
        String text = TranscriptMessage.of(Role.USER, blocks).text();
        if (INJECTED.stream().anyMatch(text.stripLeading()::startsWith)) {
          add(Role.USER, blocks, at, lineNumber, true);
        } else if (typed.filter(text.strip()::equals).isEmpty()) {
          add(Role.USER, blocks, at, lineNumber, true);
          copy = messages.size() - 1;
        }
      }
      default -> add(Role.SYSTEM, blocks, at, lineNumber, true); // developer and system instructions
    }
  }

  private void event(JsonNode event, String kind, Optional<Instant> at, int lineNumber) {
    switch (kind) {
      case "user_message" -> {
        String text = Records.text(event, "message").orElse("");
        if (!text.isBlank()) {
          typed(text, List.of(new ContentBlock.Text(text)), at, lineNumber);
        }
      }
      case "token_count" -> usage(event.path("info").path("last_token_usage"));
      case "thread_rolled_back" -> rollBack(event.path("num_turns").asInt(0));
      default -> { } // mirrors of items (agent_message, exec_command_end, patch_apply_end), turn bounds
    }
  }

  /** A message the person typed; the model's copy of it, read just before, becomes it. */
  private void typed(String text, List<ContentBlock> blocks, Optional<Instant> at, int lineNumber) {
    String words = text.strip();
    if (copy >= 0 && messages.get(copy).text().strip().equals(words)) {
      messages.set(copy, messages.get(copy).toBuilder().meta(false).build());
    } else {
      add(Role.USER, blocks, at, lineNumber, false);
    }
    copy = -1;
    typed = Optional.of(words);
  }

  /** The person undid their last {@code turns} turns: each typed message and all after it are gone. */
  private void rollBack(int turns) {
    int cut = messages.size();
    for (int left = turns; left > 0 && cut > 0; ) {
      cut--;
      if (messages.get(cut).isHumanInput()) {
        left--;
      }
    }
    messages.subList(turns > 0 ? cut : messages.size(), messages.size()).clear();
    boundaries.removeIf(b -> b.messageIndex() > messages.size());
    unmetered = Math.min(unmetered, messages.size());
    typed = Optional.empty();
    copy = -1;
  }

  private void reasoning(JsonNode item, Optional<Instant> at, int lineNumber) {
    StringBuilder text = new StringBuilder();
    JsonNode parts = item.path("summary").isEmpty() ? item.path("content") : item.path("summary");
    for (JsonNode part : parts) {
      Records.text(part, "text").ifPresent(t -> text.append(text.length() == 0 ? "" : "\n\n").append(t));
    }
    add(Role.ASSISTANT, List.of(new ContentBlock.Thinking(text.toString())), at, lineNumber, false);
  }

  private void call(JsonNode item, String name, JsonNode input, Optional<Instant> at, int lineNumber) {
    call(item, name, input, Records.text(input, "workdir").or(() -> cwd), at, lineNumber);
  }

  private void call(JsonNode item, String name, JsonNode input, Optional<String> dir, Optional<Instant> at,
      int lineNumber) {
    String id = Records.text(item, "call_id").or(() -> Records.text(item, "id")).orElse("line-" + lineNumber);
    ContentBlock.ToolUse use = ToolVocabulary.call(CodingAgent.CODEX, id, name, input);
    messages.add(builder(Role.ASSISTANT, List.of(use), at, lineNumber).cwd(dir).build());
    typed = Optional.empty();
    copy = -1;
  }

  private void output(JsonNode item, Optional<Instant> at, int lineNumber) {
    JsonNode output = item.get("output");
    String text;
    boolean error = false;
    if (output != null && output.isObject()) { // a failure: {content, success: false}
      text = Records.text(output, "content").orElse(output.toString());
      error = !output.path("success").asBoolean(true);
    } else {
      text = Records.resultText(output);
      JsonNode structured = structured(text);
      if (structured.has("output") && structured.has("metadata")) { // older shell calls: {output, metadata}
        text = structured.path("output").asText("");
        error = structured.path("metadata").path("exit_code").asInt(0) != 0;
      }
    }
    Matcher exit = EXIT_CODE.matcher(text);
    error = error || (exit.find() && !exit.group(1).equals("0"));
    String id = Records.text(item, "call_id").orElse("line-" + lineNumber);
    messages.add(builder(Role.USER, List.of(new ContentBlock.ToolResult(id, text, error)), at, lineNumber).build());
  }

  /** The usage of the request just answered, on the assistant messages it produced that have none yet. */
  private void usage(JsonNode usage) {
    if (!usage.isObject()) {
      return;
    }
    long input = usage.path("input_tokens").asLong(0);
    long cached = usage.path("cached_input_tokens").asLong(0);
    Usage u = new Usage(Math.max(0, input - cached), cached, 0, usage.path("output_tokens").asLong(0));
    lastPromptTokens = Optional.of(u.promptTokens());
    for (int i = messages.size() - 1; i >= unmetered; i--) {
      TranscriptMessage m = messages.get(i);
      if (m.role() == Role.ASSISTANT && m.usage().isEmpty()) {
        messages.set(i, m.toBuilder().usage(Optional.of(u)).build());
        break;
      }
    }
    unmetered = messages.size();
  }

  private void compacted(JsonNode payload, Optional<Instant> at, int lineNumber) {
    boundaries.add(new CompactionBoundary(lineNumber, messages.size(), Optional.empty(), at, "", lastPromptTokens));
    String summary = Records.text(payload, "message").orElse("");
    if (!summary.isBlank()) { // a local compaction's summary; a remote one keeps only encrypted content
      messages.add(builder(Role.USER, List.of(new ContentBlock.Text(summary)), at, lineNumber)
          .compactSummary(true).build());
    }
    typed = Optional.empty();
    copy = -1;
  }

  private void add(Role role, List<ContentBlock> blocks, Optional<Instant> at, int lineNumber, boolean meta) {
    messages.add(builder(role, blocks, at, lineNumber).meta(meta).build());
    if (role == Role.ASSISTANT) {
      typed = Optional.empty();
      copy = -1;
    }
  }

  private TranscriptMessage.Builder builder(Role role, List<ContentBlock> blocks, Optional<Instant> at,
      int lineNumber) {
    return TranscriptMessage.builder(role, blocks).timestamp(at).cwd(cwd).gitBranch(branch)
        .model(role == Role.ASSISTANT ? model : Optional.empty()).lineNumber(lineNumber);
  }

  // An MCP tool's name is its namespace's and its own: mcp__server__tool, as Claude Code names them.
  private static String toolName(JsonNode item) {
    String name = Records.text(item, "name").orElse("");
    return Records.text(item, "namespace")
        .map(ns -> ns + (name.startsWith("_") || ns.endsWith("_") ? "" : "__") + name).orElse(name);
  }

  // Codex keeps a function call's arguments as a JSON string; one that is not JSON is kept as {"arguments": text}.
  private static JsonNode arguments(JsonNode arguments) {
    if (arguments == null || !arguments.isTextual()) {
      return arguments == null ? JsonNodeFactory.instance.objectNode() : arguments;
    }
    JsonNode parsed = structured(arguments.asText());
    return parsed.isObject() ? parsed : JsonNodeFactory.instance.objectNode().put("arguments", arguments.asText());
  }

  private static JsonNode structured(String text) {
    String t = text.strip();
    if (!t.startsWith("{")) {
      return JsonNodeFactory.instance.objectNode();
    }
    try {
      JsonNode node = MAPPER.readTree(t);
      return node == null ? JsonNodeFactory.instance.objectNode() : node;
    } catch (JsonProcessingException e) {
      return JsonNodeFactory.instance.objectNode();
    }
  }
}
