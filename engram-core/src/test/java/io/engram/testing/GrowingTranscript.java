package io.engram.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A Claude Code transcript (JSONL) whose window grows by the same number of tokens every turn, as the
 * provider records it ({@code message.usage}): turn {@code k} (from 1) answers a request of {@code start + (k - 1)
 * * perTurn} prompt tokens with {@code output} output tokens. Written turn by turn, so a test can replay a
 * session growing past each context level; {@link #compacted} appends Claude Code's compaction boundary.
 */
public final class GrowingTranscript {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Output tokens of every answer. */
  public static final long OUTPUT = 500;

  private final String sessionId;
  private final String model;
  private final long perTurn;
  private final List<String> lines = new ArrayList<>();
  private Instant clock = Instant.parse("2026-03-02T09:00:00Z");
  private String last;
  private int turns;
  private long restart;

  /** A session of {@code model} whose first request holds {@code start} tokens, each later one {@code perTurn} more. */
  public GrowingTranscript(String sessionId, String model, long start, long perTurn) {
    this.sessionId = sessionId;
    this.model = model;
    this.perTurn = perTurn;
    this.restart = start;
  }

  /** Turns so far (since the start, compactions included). */
  public int turns() {
    return turns;
  }

  /** The window's size after the last answer: its request plus its output. */
  public long tokensNow() {
    return turns == 0 ? 0 : restart + (turns - 1) * perTurn + OUTPUT;
  }

  /** Adds turns until the window holds more than {@code share} of {@code window} tokens. */
  public GrowingTranscript growPast(double share, long window) {
    while (tokensNow() <= share * window) {
      turn();
    }
    return this;
  }

  /** Adds one turn: a prompt naming a file, an answer about it with the recorded usage. */
  public GrowingTranscript turn() {
    turns++;
    String file = "src/feature" + turns + ".ts";
    record("user", message("user", "Step " + turns + ": update " + file + " so that case " + turns
        + " is handled, and keep the existing tests green."), null);
    ObjectNode answer = message("assistant", "Updated " + file + ": case " + turns + " is handled and the tests pass.");
    answer.put("model", model);
    answer.put("id", "msg_" + turns);
    ObjectNode usage = answer.putObject("usage");
    usage.put("input_tokens", 10);
    usage.put("cache_creation_input_tokens", 0);
    usage.put("cache_read_input_tokens", restart + (turns - 1) * perTurn - 10);
    usage.put("output_tokens", OUTPUT);
    record("assistant", answer, "req_" + turns);
    return this;
  }

  /**
   * Appends Claude Code's compaction: a boundary and the summary message, after which requests start again
   * from {@code startAfter} tokens.
   */
  public GrowingTranscript compacted(long startAfter) {
    ObjectNode boundary = base("system");
    boundary.put("subtype", "compact_boundary");
    boundary.put("content", "Conversation compacted");
    boundary.putObject("compactMetadata").put("trigger", "auto").put("preTokens", tokensNow());
    add(boundary);
    ObjectNode summary = base("user");
    summary.put("isCompactSummary", true);
    summary.set("message", message("user", "This session is being continued from a previous conversation."));
    add(summary);
    restart = startAfter - turns * perTurn;
    return this;
  }

  /** Writes the transcript so far to {@code file}. */
  public Path write(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }

  private ObjectNode message(String role, String text) {
    ObjectNode m = JSON.createObjectNode();
    m.put("role", role);
    m.putArray("content").addObject().put("type", "text").put("text", text);
    return m;
  }

  private void record(String type, ObjectNode message, String requestId) {
    ObjectNode r = base(type);
    r.set("message", message);
    if (requestId != null) {
      r.put("requestId", requestId);
    }
    add(r);
  }

  private ObjectNode base(String type) {
    clock = clock.plusSeconds(60);
    ObjectNode r = JSON.createObjectNode();
    r.put("type", type);
    r.put("uuid", "m" + lines.size());
    if (last == null) {
      r.putNull("parentUuid");
    } else {
      r.put("parentUuid", last);
    }
    r.put("sessionId", sessionId);
    r.put("timestamp", clock.toString());
    r.put("cwd", "/work/project");
    r.put("isSidechain", false);
    return r;
  }

  private void add(ObjectNode r) {
    last = r.get("uuid").asText();
    lines.add(r.toString());
  }
}
