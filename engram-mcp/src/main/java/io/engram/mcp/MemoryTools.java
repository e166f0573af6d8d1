package io.engram.mcp;

import io.engram.Engram;
import io.engram.instructions.LoadedInstructions;
import io.engram.memory.ChangedBy;
import io.engram.memory.IndexText;
import io.engram.memory.Memory;
import io.engram.memory.MemoryListing;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import io.engram.memory.NoSuchMemoryException;
import io.engram.memory.Saved;
import io.engram.memory.StoredMemory;
import io.engram.recall.MemoryRecall;
import io.engram.recall.RecallResult;
import io.engram.recall.RecalledMemory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The Engram tools an MCP client can call: what each takes (a JSON schema) and what it does. A call
 * with bad arguments throws {@link ToolInputException}; the server turns it into an error result.
 */
final class MemoryTools {
  private final Engram engram;
  private final SubdirectoryInstructions lazy;

  MemoryTools(Engram engram) {
    this.engram = engram;
    this.lazy = new SubdirectoryInstructions(engram);
  }

  /** One tool: its name, description, JSON schema of its arguments, and its action. */
  record ToolDef(String name, String description, String inputSchema, Action action) {}

  /** What a tool does with its arguments; returns its answer. */
  @FunctionalInterface
  interface Action {
    ToolAnswer run(Arguments args) throws IOException;
  }

  /**
   * A tool's answer: the text content an agent reads, and the structured content (a JSON object).
   *
   * @param text the text content
   * @param structured the structured content
   */
  record ToolAnswer(String text, Map<String, Object> structured) {}

  /** What the memory tools do: a structured result that carries its own text content under {@code text}. */
  @FunctionalInterface
  private interface TextInResult {
    Map<String, Object> run(Arguments args) throws IOException;
  }

  private static Action textInResult(TextInResult tool) {
    return args -> {
      Map<String, Object> result = tool.run(args);
      return new ToolAnswer(String.valueOf(result.get("text")), result);
    };
  }

  List<ToolDef> all() {
    return List.of(
        new ToolDef("recall", "Find the memories relevant to a query (hybrid search: BM25 over names,"
            + " descriptions and bodies, plus vectors when enabled; superseded memories left out; within the"
            + " per-turn recall budgets). With a session id, no memory is sent twice in that session and the"
            + " session budget holds across calls.",
            schema("{\"query\":{\"type\":\"string\",\"minLength\":1,\"description\":\"What the agent is working on"
                + " or was asked\"},\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":"
                + engram.settings().recall().filesPerTurn() + "},\"session\":{\"type\":\"string\",\"minLength\":1,"
                + "\"description\":\"The agent's session id\"}}", "query"),
            textInResult(this::recall)),
        new ToolDef("remember", "Save a memory (create it, or update the memory of the same name)."
            + " Secrets are redacted before anything is written.",
            schema("{\"name\":{\"type\":\"string\",\"minLength\":1},"
                + "\"description\":{\"type\":\"string\",\"minLength\":1,\"description\":\"One line: when is this useful\"},"
                + "\"type\":{\"type\":\"string\",\"enum\":[\"user\",\"feedback\",\"project\",\"reference\"]},"
                + "\"body\":{\"type\":\"string\",\"minLength\":1}}", "name", "description", "type", "body"),
            textInResult(this::remember)),
        new ToolDef("forget", "Move a memory to the trash (restorable with `engram restore`).",
            schema("{\"name\":{\"type\":\"string\",\"minLength\":1}}", "name"), textInResult(this::forget)),
        new ToolDef("list", "List the memories of this project and the user, optionally of one type.",
            schema("{\"type\":{\"type\":\"string\",\"enum\":[\"user\",\"feedback\",\"project\",\"reference\"]}}"),
            textInResult(this::list)),
        new ToolDef("context", "What a session starting in this project loads: the instruction files"
            + " (CLAUDE.md, AGENTS.md and kin, in prompt order) and the MEMORY.md index. With a path (a file you are"
            + " about to read or edit), only the instruction files of the subdirectories down to it that this"
            + " session has not been given yet: call it before working in a subdirectory.",
            schema("{\"path\":{\"type\":\"string\",\"minLength\":1,\"description\":\"A file about to be read"
                + " or edited, absolute or relative to the project\"},\"session\":{\"type\":\"string\",\"minLength\":1,"
                + "\"description\":\"The agent's session id; without it, this server's connection is the session\"}}"),
            textInResult(this::context)),
        new CompactionTool(engram).def(),
        new HistoryTool(engram).def(),
        new InboxTool(engram).def());
  }

  private Map<String, Object> recall(Arguments args) throws IOException {
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
      Map<String, Object> m = summary(stored.get());
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
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("engine", found.retrieval());
    result.put("memories", out);
    List<Map<String, Object>> leftOut = new ArrayList<>();
    for (RecallResult.LeftOut l : found.result().leftOut()) {
      leftOut.add(new LinkedHashMap<>(Map.of("id", l.id(), "reason", l.reason())));
    }
    result.put("leftOut", leftOut);
    result.put("notes", notes);
    result.put("text", out.isEmpty() ? "No memory matches the query." : text.toString().strip());
    return result;
  }

  private Map<String, Object> remember(Arguments args) throws IOException {
    String name = args.requiredString("name");
    MemoryType type = MemoryType.parse(args.requiredString("type"))
        .orElseThrow(() -> new ToolInputException("type must be one of " + MemoryType.choices()));
    String description = args.requiredString("description");
    if (description.contains("\n")) {
      throw new ToolInputException("description must be one line");
    }
    String body = args.requiredString("body");
    Memory memory = Memory.builder(name, type).description(description)
        .body(body.endsWith("\n") ? body : body + "\n").source(MemorySource.MODEL).build();
    Saved saved;
    try {
      saved = engram.memory().write(memory, ChangedBy.MCP);
    } catch (IllegalArgumentException e) {
      throw new ToolInputException(e.getMessage());
    }
    Map<String, Object> result = summary(saved.stored());
    result.put("created", saved.created());
    result.put("redacted", saved.redacted().stream().map(Object::toString).toList());
    result.put("text", (saved.created() ? "saved" : "updated") + " memory '" + saved.stored().name() + "'");
    return result;
  }

  private Map<String, Object> forget(Arguments args) throws IOException {
    String name = args.requiredString("name");
    try {
      var forgotten = engram.memory().forget(name, ChangedBy.MCP);
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("name", forgotten.name());
      result.put("trashed", forgotten.trashed().toString());
      result.put("text", "moved memory '" + forgotten.name() + "' to the trash");
      return result;
    } catch (NoSuchMemoryException e) {
      throw new ToolInputException(e.getMessage());
    }
  }

  private Map<String, Object> list(Arguments args) throws IOException {
    Optional<MemoryType> type = args.optionalString("type").map(t -> MemoryType.parse(t)
        .orElseThrow(() -> new ToolInputException("type must be one of " + MemoryType.choices())));
    MemoryListing listing = engram.memory().list();
    List<Map<String, Object>> out = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (StoredMemory s : listing.memories()) {
      if (type.isEmpty() || s.memory().type() == type.get()) {
        out.add(summary(s));
        text.append("- ").append(s.name()).append(" [").append(s.memory().type().id()).append("] ")
            .append(s.memory().description()).append('\n');
      }
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("memories", out);
    result.put("problems", listing.problems().stream().map(Object::toString).toList());
    result.put("text", out.isEmpty() ? "No memories." : text.toString().strip());
    return result;
  }

  private Map<String, Object> context(Arguments args) throws IOException {
    Optional<String> path = args.optionalString("path");
    if (path.isPresent()) {
      return lazy.dueFor(path.get(), args.optionalString("session"));
    }
    LoadedInstructions loaded = engram.instructions().load();
    IndexText index = engram.memory().indexText();
    List<Map<String, Object>> files = new ArrayList<>();
    loaded.files().forEach(f -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("path", f.path().toString());
      m.put("level", f.level().name().toLowerCase(Locale.ROOT));
      m.put("chars", f.chars());
      files.add(m);
    });
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("files", files);
    result.put("warnings", loaded.warnings().stream().map(Object::toString).toList());
    result.put("memoryIndex", index.text());
    result.put("memoryIndexNote", index.cutNote());
    String text = loaded.render() + (index.text().isBlank() ? "" : "\n\n# Memory index (MEMORY.md)\n\n" + index.text());
    result.put("text", text.strip().isEmpty() ? "No instruction files and no memories." : text.strip());
    return result;
  }

  private Map<String, Object> summary(StoredMemory s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", s.name());
    m.put("type", s.memory().type().id());
    m.put("description", s.memory().description());
    m.put("scope", s.scope().name().toLowerCase(Locale.ROOT));
    m.put("uri", MemoryResources.uriOf(engram.memory().location().projectKey(), s));
    return m;
  }

  private static String schema(String properties, String... required) {
    StringBuilder req = new StringBuilder();
    for (String r : required) {
      req.append(req.length() == 0 ? "" : ",").append('"').append(r).append('"');
    }
    return "{\"type\":\"object\",\"properties\":" + properties + ",\"required\":[" + req
        + "],\"additionalProperties\":false}";
  }
}
