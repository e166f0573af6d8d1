package io.engram.mcp;

import io.engram.Engram;
import io.engram.memory.StoredMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecallResult;
import io.engram.recall.RecalledMemory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code recall} tool: the memories relevant to a query through {@link MemoryRecall}, within the per-turn
 * budgets (and the session's, given its id). What the agent asked for counts as used and feeds hotness.
 */
final class RecallTool {
  private final Engram engram;

  RecallTool(Engram engram) {
    this.engram = engram;
  }

  ToolDef def() {
    int most = engram.settings().recall().filesPerTurn();
    return new ToolDef("recall", "Recall memories", "Find the memories relevant to what you are doing: call it"
        + " before you act on a task, with the task in your own words. Hybrid search (BM25 over names,"
        + " descriptions and bodies, plus vectors when enabled); superseded memories are left out, and what is"
        + " sent stays within the per-turn recall budget. With a session id, no memory is sent twice in that"
        + " session.",
        ToolDef.Effect.READ_ONLY,
        Schemas.arguments("\"query\":{\"type\":\"string\",\"minLength\":1,\"description\":\"What you are working"
            + " on or were asked, in words (a question, the task, file or error names)\"},\"limit\":{\"type\":"
            + "\"integer\",\"minimum\":1,\"maximum\":" + most + ",\"description\":\"The most memories to return"
            + " (default " + most + ")\"},\"session\":{\"type\":\"string\",\"minLength\":1,\"description\":\"Your"
            + " session id, so that memories already sent in this session are not sent again\"}", "query"),
        Schemas.object("\"engine\":{\"type\":\"string\",\"description\":\"How the memories were found\"},"
            + "\"memories\":{\"type\":\"array\",\"items\":{\"allOf\":[" + Schemas.MEMORY + ",{\"type\":\"object\","
            + "\"properties\":{\"score\":{\"type\":\"number\"},\"bytes\":{\"type\":\"integer\"},\"reason\":{\"type\":"
            + "\"string\",\"description\":\"Why it was chosen\"},\"body\":{\"type\":\"string\",\"description\":"
            + "\"The memory's text, cut when truncated\"},\"truncated\":{\"type\":\"boolean\"}},\"required\":["
            + "\"score\",\"bytes\",\"reason\",\"body\",\"truncated\"]}]}},\"leftOut\":{\"type\":\"array\","
            + "\"description\":\"Matches not sent, each with the reason (budget, already sent)\",\"items\":"
            + Schemas.object("\"id\":{\"type\":\"string\"},\"reason\":{\"type\":\"string\"}", "id", "reason")
            + "},\"notes\":" + Schemas.strings("What degraded or was recorded (an index rebuilt, vectors off)")
            + ",\"text\":" + Schemas.TEXT, "engine", "memories", "leftOut", "notes", "text"),
        this::recall);
  }

  private ToolDef.ToolAnswer recall(ToolCall call) throws IOException {
    Arguments args = call.args();
    String query = args.requiredString("query");
    int limit = args.optionalInt("limit", 1, engram.settings().recall().filesPerTurn())
        .orElse(engram.settings().recall().filesPerTurn());
    MemoryRecall.Outcome found = engram.recall().recall(query, args.optionalString("session"), limit);
    List<Map<String, Object>> out = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (RecalledMemory r : found.result().memories()) {
      Optional<StoredMemory> stored = engram.memory().read(r.name());
      if (stored.isEmpty()) {
        continue; // forgotten since the search
      }
      Map<String, Object> m = MemoryTools.summary(engram, stored.get());
      m.put("score", Math.round(r.score() * 1000) / 1000.0);
      m.put("bytes", r.bytes());
      m.put("reason", r.reason());
      m.put("body", r.content());
      m.put("truncated", r.truncated());
      out.add(m);
      text.append(engram.present(stored.get(), r.content())).append("\n\n");
    }
    // The agent asked for these: what it asked for counts as used, and feeds hotness.
    List<String> notes = new ArrayList<>(found.notes());
    engram.recall().recordUse(found.result().memories().stream().map(RecalledMemory::name).toList())
        .ifPresent(notes::add);
    List<Map<String, Object>> leftOut = new ArrayList<>();
    for (RecallResult.LeftOut l : found.result().leftOut()) {
      leftOut.add(new LinkedHashMap<>(Map.of("id", l.id(), "reason", l.reason())));
    }
    String answer = out.isEmpty() ? "No memory matches the query." : text.toString().strip();
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("engine", found.retrieval());
    result.put("memories", out);
    result.put("leftOut", leftOut);
    result.put("notes", notes);
    result.put("text", answer);
    return new ToolDef.ToolAnswer(answer, result);
  }
}
