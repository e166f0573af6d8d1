package io.engram.cli.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.tokens.TokenCounter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes Claude Code transcript records (JSONL) for the demo's sessions, in the shape Claude Code itself
 * writes: {@code uuid}/{@code parentUuid} chain, {@code timestamp}, {@code cwd}, {@code sessionId},
 * assistant {@code message.usage} and {@code requestId}, tool_use and tool_result blocks.
 *
 * <p>The recorded usage is what a provider would report: the prompt is the agent's fixed system prompt
 * plus every message before the request, counted with the given counter; the first request caches it all.
 */
final class DemoTranscript {
  /** The fixed part of every request (system prompt and tool definitions) in the demo's small world. */
  static final int SYSTEM_TOKENS = 1_500;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String sessionId;
  private final Path cwd;
  private final TokenCounter counter;
  private final List<String> lines = new ArrayList<>();
  private Instant clock;
  private String parent;
  private long contextTokens = SYSTEM_TOKENS;
  private long cached;
  private int serial;

  DemoTranscript(String sessionId, Path cwd, Instant start, TokenCounter counter) {
    this.sessionId = sessionId;
    this.cwd = cwd;
    this.clock = start;
    this.counter = counter;
  }

  String sessionId() {
    return sessionId;
  }

  /** Every line written so far. */
  List<String> lines() {
    return List.copyOf(lines);
  }

  /** The tokens of the prompt the next request would send. */
  long contextTokens() {
    return contextTokens;
  }

  /** When the last record happened. */
  Instant now() {
    return clock;
  }

  /** A typed user prompt. */
  void user(String text) {
    ObjectNode message = JSON.createObjectNode().put("role", "user").put("content", text);
    ObjectNode record = record("user", message, Duration.ofSeconds(40));
    record.put("permissionMode", "default");
    add(record, text);
  }

  /** An assistant text block (one model response). */
  void say(String text) {
    ArrayNode content = JSON.createArrayNode();
    content.addObject().put("type", "text").put("text", text);
    assistant(content, "end_turn", text);
  }

  /** An assistant response that says {@code text} and calls {@code tool}; the result follows. */
  void tool(String text, String tool, Map<String, ?> input, String result, boolean error) {
    String id = "toolu_01" + hex(24);
    ArrayNode content = JSON.createArrayNode();
    if (!text.isEmpty()) {
      content.addObject().put("type", "text").put("text", text);
    }
    ObjectNode use = content.addObject().put("type", "tool_use").put("id", id).put("name", tool);
    use.set("input", JSON.valueToTree(input));
    assistant(content, "tool_use", text + " " + use.get("input"));
    ArrayNode blocks = JSON.createArrayNode();
    blocks.addObject().put("type", "tool_result").put("tool_use_id", id).put("content", result)
        .put("is_error", error);
    ObjectNode message = JSON.createObjectNode().put("role", "user");
    message.set("content", blocks);
    ObjectNode record = record("user", message, Duration.ofSeconds(error ? 9 : 4));
    record.put("toolUseResult", error ? "Error: " + firstLine(result) : firstLine(result));
    add(record, result);
  }

  /**
   * A compaction as Claude Code records it: a {@code compact_boundary} system record (trigger, tokens
   * before) and the {@code isCompactSummary} user record that opens the new context.
   */
  void compacted(String summary, long preTokens) {
    clock = clock.plus(Duration.ofSeconds(20));
    ObjectNode boundary = JSON.createObjectNode().putNull("parentUuid").put("logicalParentUuid", parent)
        .put("isSidechain", false).put("userType", "external").put("cwd", cwd.toString()).put("sessionId", sessionId)
        .put("version", "2.1.38").put("gitBranch", "main").put("type", "system").put("subtype", "compact_boundary")
        .put("content", "Conversation compacted").put("isMeta", false).put("timestamp", clock.toString());
    String uuid = uuid();
    boundary.put("uuid", uuid).put("level", "info");
    boundary.putObject("compactMetadata").put("trigger", "auto").put("preTokens", preTokens);
    lines.add(boundary.toString());
    parent = uuid;
    contextTokens = SYSTEM_TOKENS;
    cached = 0;
    String text = "This session is being continued from a previous conversation that ran out of context."
        + " The conversation is summarized below:\n" + summary;
    ObjectNode record = record("user", JSON.createObjectNode().put("role", "user").put("content", text),
        Duration.ofSeconds(1));
    record.put("isCompactSummary", true).put("isVisibleInTranscriptOnly", true);
    add(record, text);
  }

  private void assistant(ArrayNode content, String stop, String counted) {
    ObjectNode message = JSON.createObjectNode()
        .put("model", DemoProject.MODEL).put("id", "msg_01" + hex(22)).put("type", "message")
        .put("role", "assistant");
    message.set("content", content);
    message.put("stop_reason", stop).putNull("stop_sequence");
    long fresh = contextTokens - cached;
    message.putObject("usage").put("input_tokens", 3).put("cache_creation_input_tokens", fresh - 3)
        .put("cache_read_input_tokens", cached).put("output_tokens", Math.max(1, counter.count(counted)));
    cached = contextTokens;
    ObjectNode record = record("assistant", message, Duration.ofSeconds(6));
    record.put("requestId", "req_011C" + hex(20));
    add(record, counted);
  }

  private ObjectNode record(String type, ObjectNode message, Duration after) {
    clock = clock.plus(after);
    ObjectNode r = JSON.createObjectNode();
    if (parent == null) {
      r.putNull("parentUuid");
    } else {
      r.put("parentUuid", parent);
    }
    r.put("isSidechain", false).put("userType", "external").put("cwd", cwd.toString()).put("sessionId", sessionId)
        .put("version", "2.1.38").put("gitBranch", "main").put("type", type);
    r.set("message", message);
    String uuid = uuid();
    r.put("uuid", uuid).put("timestamp", clock.toString());
    parent = uuid;
    return r;
  }

  private void add(ObjectNode record, String counted) {
    lines.add(record.toString());
    contextTokens += counter.count(counted);
  }

  private String uuid() {
    return UUID.nameUUIDFromBytes((sessionId + "/" + serial++).getBytes(StandardCharsets.UTF_8)).toString();
  }

  private String hex(int length) {
    StringBuilder out = new StringBuilder();
    while (out.length() < length) {
      out.append(uuid().replace("-", ""));
    }
    return out.substring(0, length);
  }

  private static String firstLine(String text) {
    int nl = text.indexOf('\n');
    return nl < 0 ? text : text.substring(0, nl);
  }
}
