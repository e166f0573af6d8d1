package io.engram.cli.demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.engram.cli.output.JsonOutput;
import io.engram.tokens.TokenCounter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Writes Claude Code transcript records (JSONL) for the demo's sessions, in the shape Claude Code itself
 * writes: {@code uuid}/{@code parentUuid} chain, {@code timestamp}, {@code cwd}, {@code sessionId},
 * assistant {@code message.usage} and {@code requestId}, tool_use and tool_result blocks. The records are
 * {@link TranscriptLine}s, written by Jackson.
 *
 * <p>The recorded usage is what a provider would report: the prompt is the agent's fixed system prompt
 * plus every message before the request, counted with the given counter; the first request caches it all.
 */
final class DemoTranscript {
  /** The fixed part of every request (system prompt and tool definitions) in the demo's small world. */
  static final int SYSTEM_TOKENS = 1_500;

  private final String sessionId;
  private final Path cwd;
  private final TokenCounter counter;
  private final List<String> lines = new ArrayList<>();
  private Instant clock;
  private Optional<String> parent = Optional.empty();
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
    add("user", new TranscriptLine.Prompt(new TranscriptLine.UserText("user", text), "default"),
        Duration.ofSeconds(40), text);
  }

  /** An assistant text block (one model response). */
  void say(String text) {
    assistant(List.of(new TranscriptLine.Text("text", text)), "end_turn", text);
  }

  /** An assistant response that says {@code text} and calls {@code tool}; the result follows. */
  void tool(String text, String tool, Map<String, ?> input, String result, boolean error) {
    String id = "toolu_01" + hex(24);
    List<TranscriptLine.Block> content = new ArrayList<>();
    if (!text.isEmpty()) {
      content.add(new TranscriptLine.Text("text", text));
    }
    content.add(new TranscriptLine.ToolUse("tool_use", id, tool, input));
    assistant(content, "tool_use", text + " " + json(input));
    TranscriptLine.UserBlocks message = new TranscriptLine.UserBlocks("user",
        List.of(new TranscriptLine.ToolResult("tool_result", id, result, error)));
    add("user", new TranscriptLine.Result(message, error ? "Error: " + firstLine(result) : firstLine(result)),
        Duration.ofSeconds(error ? 9 : 4), result);
  }

  /**
   * A compaction as Claude Code records it: a {@code compact_boundary} system record (trigger, tokens
   * before) and the {@code isCompactSummary} user record that opens the new context.
   */
  void compacted(String summary, long preTokens) {
    clock = clock.plus(Duration.ofSeconds(20));
    String uuid = uuid();
    TranscriptLine.Boundary boundary = new TranscriptLine.Boundary(parent, "compact_boundary", "Conversation compacted",
        false, "info", new TranscriptLine.CompactMetadata("auto", preTokens));
    lines.add(json(new TranscriptLine(Optional.empty(), session(), "system", boundary, uuid, clock.toString())));
    parent = Optional.of(uuid);
    contextTokens = SYSTEM_TOKENS;
    cached = 0;
    String text = "This session is being continued from a previous conversation that ran out of context."
        + " The conversation is summarized below:\n" + summary;
    add("user", new TranscriptLine.Summary(new TranscriptLine.UserText("user", text), true, true),
        Duration.ofSeconds(1), text);
  }

  private void assistant(List<TranscriptLine.Block> content, String stop, String counted) {
    long fresh = contextTokens - cached;
    TranscriptLine.Usage usage = new TranscriptLine.Usage(3, fresh - 3, cached, Math.max(1, counter.count(counted)));
    cached = contextTokens;
    TranscriptLine.AssistantMessage message = new TranscriptLine.AssistantMessage(DemoProject.MODEL,
        "msg_01" + hex(22), "message", "assistant", content, stop, Optional.empty(), usage);
    // The record's uuid comes before the request id in the id sequence, as in every demo transcript so far.
    String uuid = uuid();
    add("assistant", new TranscriptLine.Reply(message, "req_011C" + hex(20)), Duration.ofSeconds(6), counted, uuid);
  }

  private void add(String type, TranscriptLine.Body body, Duration after, String counted) {
    add(type, body, after, counted, uuid());
  }

  private void add(String type, TranscriptLine.Body body, Duration after, String counted, String uuid) {
    clock = clock.plus(after);
    lines.add(json(new TranscriptLine(parent, session(), type, body, uuid, clock.toString())));
    parent = Optional.of(uuid);
    contextTokens += counter.count(counted);
  }

  /** What every line of this session carries: Claude Code's main line, an external user, this directory. */
  private TranscriptLine.Session session() {
    return new TranscriptLine.Session(false, "external", cwd.toString(), sessionId, "2.1.38", "main");
  }

  private static String json(Object value) {
    try {
      return JsonOutput.mapper().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a demo transcript record", e);
    }
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
