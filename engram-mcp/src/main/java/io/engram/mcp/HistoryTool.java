package io.engram.mcp;

import io.engram.Engram;
import io.engram.config.McpSettings;
import io.engram.history.HistoryHit;
import io.engram.history.PastSessions;
import io.engram.history.PastTurn;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code history} tool: the turns of this project's past sessions that match a query, through
 * {@link PastSessions} as {@code engram history} finds them, each with its session, date and link
 * ({@code <transcript>:<line>}). Answers only when called; nothing of it is injected into a session.
 */
final class HistoryTool {
  private final Engram engram;
  private final int maxLimit;

  /** The tool over {@code engram}'s history, a call asking for at most {@code limits.maxHistoryTurns()} turns. */
  HistoryTool(Engram engram, McpSettings limits) {
    this.engram = engram;
    this.maxLimit = limits.maxHistoryTurns();
  }

  ToolDef def() {
    String hit = Schemas.object("\"session\":{\"type\":\"string\"},\"date\":{\"type\":\"string\",\"description\":"
        + "\"When the turn was said (ISO-8601), empty when the transcript does not say\"},\"role\":{\"type\":"
        + "\"string\",\"description\":\"user or assistant\"},\"link\":{\"type\":\"string\",\"description\":"
        + "\"<transcript>:<line> where the turn begins\"},\"uuid\":{\"type\":\"string\"},\"score\":{\"type\":"
        + "\"number\"},\"tools\":" + Schemas.strings("Tools the turn called") + ",\"files\":"
        + Schemas.strings("Files the turn named or touched") + ",\"text\":{\"type\":\"string\"}",
        "session", "date", "role", "link", "uuid", "score", "tools", "files", "text");
    return new ToolDef("history", "Search past sessions", "Search what was said and done in this project's past"
        + " sessions: the person's prompts and the agent's words, tool names and files (not tool output). Call it"
        + " when the user refers to earlier work (\"like we did last week\"). Each hit names its session, date and"
        + " the transcript line it begins on.",
        ToolDef.Effect.READ_ONLY,
        Schemas.arguments("\"query\":{\"type\":\"string\",\"minLength\":1,\"description\":\"Words of what was"
            + " said or done\"},\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":" + maxLimit
            + ",\"description\":\"The most turns to return (default "
            + engram.settings().recall().historyResults() + ")\"}", "query"),
        Schemas.object("\"hits\":{\"type\":\"array\",\"items\":" + hit + "},\"problems\":"
            + Schemas.strings("Transcripts that could not be read") + ",\"text\":" + Schemas.TEXT,
            "hits", "problems", "text"),
        this::run);
  }

  private ToolDef.ToolAnswer run(ToolCall call) throws IOException {
    Arguments args = call.args();
    String query = args.requiredString("query");
    if (query.isBlank()) {
      throw new ToolInputException("argument 'query' is blank");
    }
    int limit = args.optionalInt("limit", 1, maxLimit).orElse(engram.settings().recall().historyResults());
    PastSessions.Found found = engram.history().find(query, limit, Map.of());
    List<Map<String, Object>> hits = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (HistoryHit h : found.hits()) {
      PastTurn t = h.turn();
      Map<String, Object> hit = new LinkedHashMap<>();
      hit.put("session", t.sessionId());
      hit.put("date", t.timestamp().map(Object::toString).orElse(""));
      hit.put("role", t.role());
      hit.put("link", t.link());
      hit.put("uuid", t.uuid().orElse(""));
      hit.put("score", Math.round(h.score() * 1000) / 1000.0);
      hit.put("tools", t.tools());
      hit.put("files", t.files());
      hit.put("text", t.text());
      hits.add(hit);
      text.append("## ").append(t.sessionId()).append(' ').append(t.timestamp().map(Object::toString).orElse(""))
          .append(' ').append(t.role()).append(" @ ").append(t.link()).append("\n\n").append(t.text().strip())
          .append("\n\n");
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("hits", hits);
    result.put("problems", found.read().problems());
    String answer = hits.isEmpty() ? "No past turn matches the query." : text.toString().strip();
    result.put("text", answer);
    return new ToolDef.ToolAnswer(answer, result);
  }
}
