package io.engram.mcp;

import io.engram.Engram;
import io.engram.config.McpSettings;
import io.engram.mcp.transport.PageCursor;
import io.engram.memory.ChangedBy;
import io.engram.memory.Forgotten;
import io.engram.memory.Memory;
import io.engram.memory.MemoryListing;
import io.engram.memory.MemoryScope;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import io.engram.memory.NoSuchMemoryException;
import io.engram.memory.Saved;
import io.engram.memory.StoredMemory;
import io.engram.memory.TrashedMemory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The tools that change or list the memories: {@code remember}, {@code forget}, {@code restore} and {@code list}
 * (a page at a time: {@code mcp.pageSize} memories unless the call asks for fewer, then {@code nextCursor}).
 */
final class MemoryTools {
  private final Engram engram;
  private final McpSettings limits;

  MemoryTools(Engram engram, McpSettings limits) {
    this.engram = engram;
    this.limits = limits;
  }

  List<ToolDef> all() {
    return List.of(
        new ToolDef("remember", "Remember", "Save a memory for later sessions, or replace the memory of the same"
            + " name. Save what the user states as a preference, a correction of what you did, or a fact about"
            + " the project worth knowing next time; not what the code or git already says. Secrets are redacted"
            + " before anything is written.",
            ToolDef.Effect.writes(true, true),
            Schemas.arguments("\"name\":" + Schemas.NAME.replace("(list and recall show the names)",
                "; an existing name replaces that memory")
                + ",\"description\":{\"type\":\"string\",\"minLength\":1,\"description\":\"One line saying when the"
                + " memory is useful: recall matches on it\"},\"type\":" + Schemas.TYPE
                + ",\"body\":{\"type\":\"string\",\"minLength\":1,\"description\":\"The memory itself, in Markdown:"
                + " the fact, preference or correction, why it holds and how to apply it\"},\"scope\":{\"type\":"
                + "\"string\",\"enum\":[\"project\",\"user\"],\"description\":\"Which store: project (this project"
                + " only) or user (every project of this user). Default: where a memory of that name lives, else user for"
                + " the user type and project for the others\"}",
                "name", "description", "type", "body"),
            Schemas.object("\"memory\":" + Schemas.MEMORY + ",\"created\":{\"type\":\"boolean\",\"description\":"
                + "\"false when it replaced a memory of the same name\"},\"redacted\":"
                + Schemas.strings("The kinds of secret taken out before writing") + ",\"text\":" + Schemas.TEXT,
                "memory", "created", "redacted", "text"),
            this::remember),
        new ToolDef("forget", "Forget", "Move a memory to the trash, for instance one the user says is wrong or"
            + " outdated. It stays restorable (the restore tool) for the trash's retention time.",
            ToolDef.Effect.writes(true, true),
            Schemas.arguments("\"name\":" + Schemas.NAME, "name"),
            Schemas.object("\"name\":{\"type\":\"string\"},\"trashId\":{\"type\":\"string\",\"description\":\"The"
                + " trash entry it became: give it to restore to bring back this very entry\"},\"text\":"
                + Schemas.TEXT, "name", "trashId", "text"),
            this::forget),
        new ToolDef("restore", "Restore a forgotten memory", "Bring a forgotten memory back from the trash:"
            + " by trashId (what forget answered) for one entry, or by name for the newest trashed memory of that"
            + " name. Refused while a memory of that name exists.",
            ToolDef.Effect.writes(false, true),
            Schemas.arguments("\"name\":{\"type\":\"string\",\"minLength\":1,\"description\":\"The name of the"
                + " forgotten memory; its newest trash entry comes back\"},\"trashId\":{\"type\":\"string\","
                + "\"minLength\":1,\"description\":\"One trash entry, as forget answered it; wins over name\"}"),
            Schemas.object("\"memory\":" + Schemas.MEMORY + ",\"text\":" + Schemas.TEXT, "memory", "text"),
            this::restore),
        new ToolDef("list", "List memories", "List the memories of this project and of the user (name, type,"
            + " description), optionally of one type, " + limits.pageSize() + " at a time by name: when the answer"
            + " has a nextCursor, call again with it for the next page. To find memories about a subject, recall"
            + " is better.",
            ToolDef.Effect.READ_ONLY,
            Schemas.arguments("\"type\":" + Schemas.TYPE.replace("\"description\":\"The kind of memory:",
                "\"description\":\"Only memories of this kind:") + ",\"limit\":{\"type\":\"integer\",\"minimum\":1,"
                + "\"maximum\":" + limits.maxPageSize() + ",\"description\":\"The most memories in this page"
                + " (default " + limits.pageSize() + ")\"},\"cursor\":{\"type\":\"string\",\"minLength\":1,"
                + "\"description\":\"The nextCursor of the page before; absent for the first page\"}"),
            Schemas.object("\"memories\":{\"type\":\"array\",\"items\":" + Schemas.MEMORY + "},\"total\":{\"type\":"
                + "\"integer\",\"description\":\"How many memories match, over all pages\"},\"nextCursor\":"
                + "{\"type\":\"string\",\"description\":\"Present when more memories follow: pass it as cursor\"},"
                + "\"problems\":" + Schemas.strings("Files that could not be read as memories") + ",\"text\":"
                + Schemas.TEXT, "memories", "total", "problems", "text"),
            this::list));
  }

  private ToolDef.ToolAnswer remember(ToolCall call) throws IOException {
    Arguments args = call.args();
    String name = args.requiredString("name");
    MemoryType type = MemoryType.parse(args.requiredString("type"))
        .orElseThrow(() -> new ToolInputException("type must be one of " + MemoryType.choices()));
    String description = args.requiredString("description");
    if (description.contains("\n")) {
      throw new ToolInputException("description must be one line");
    }
    String body = args.requiredString("body");
    Memory memory = Memory.builder(name, type).description(description)
        .body(body.endsWith("\n") ? body : body + "\n").source(MemorySource.MODEL).agent(call.agent().orElse(null))
        .build();
    Optional<MemoryScope> scope = args.optionalString("scope").map(MemoryTools::scope);
    Saved saved;
    try {
      saved = scope.isPresent() ? engram.memory().write(memory, scope.get(), ChangedBy.MCP)
          : engram.memory().write(memory, ChangedBy.MCP);
    } catch (IllegalArgumentException e) {
      throw new ToolInputException(e.getMessage());
    }
    String text = (saved.created() ? "saved" : "updated") + " memory '" + saved.stored().name() + "'";
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("memory", summary(engram, saved.stored()));
    result.put("created", saved.created());
    result.put("redacted", saved.redacted().stream().map(Object::toString).toList());
    result.put("text", text);
    return new ToolDef.ToolAnswer(text, result);
  }

  private static MemoryScope scope(String s) {
    return switch (s.strip().toLowerCase(Locale.ROOT)) {
      case "project" -> MemoryScope.PROJECT;
      case "user" -> MemoryScope.USER;
      default -> throw new ToolInputException("scope must be project or user, not '" + s + "'");
    };
  }

  private ToolDef.ToolAnswer forget(ToolCall call) throws IOException {
    String name = call.args().requiredString("name");
    Forgotten forgotten;
    try {
      forgotten = engram.memory().forget(name, ChangedBy.MCP);
    } catch (NoSuchMemoryException e) {
      throw new ToolInputException(e.getMessage());
    }
    String text = "moved memory '" + forgotten.name() + "' to the trash (restore brings it back)";
    String trashId = engram.memory().trashed().stream().filter(t -> t.file().equals(forgotten.trashed()))
        .map(TrashedMemory::id).findFirst().orElse(forgotten.trashed().getFileName().toString());
    return new ToolDef.ToolAnswer(text, new LinkedHashMap<>(Map.of("name", forgotten.name(), "trashId", trashId,
        "text", text)));
  }

  private ToolDef.ToolAnswer restore(ToolCall call) throws IOException {
    Optional<String> trashId = call.args().optionalString("trashId");
    Optional<String> name = call.args().optionalString("name");
    if (trashId.isEmpty() && name.isEmpty()) {
      throw new ToolInputException("give the name of the forgotten memory, or the trashId forget answered");
    }
    StoredMemory restored;
    try {
      restored = trashId.isPresent() ? engram.memory().restoreEntry(trashId.get(), ChangedBy.MCP)
          : engram.memory().restore(name.get(), ChangedBy.MCP);
    } catch (NoSuchMemoryException e) {
      throw new ToolInputException(e.getMessage());
    }
    String text = "restored memory '" + restored.name() + "'";
    return new ToolDef.ToolAnswer(text, new LinkedHashMap<>(Map.of("memory", summary(engram, restored),
        "text", text)));
  }

  private ToolDef.ToolAnswer list(ToolCall call) throws IOException {
    Arguments args = call.args();
    Optional<MemoryType> type = args.optionalString("type").map(t -> MemoryType.parse(t)
        .orElseThrow(() -> new ToolInputException("type must be one of " + MemoryType.choices())));
    int limit = args.optionalInt("limit", 1, limits.maxPageSize()).orElse(limits.pageSize());
    Optional<String> after = args.optionalString("cursor").map(MemoryTools::positionIn);
    MemoryListing listing = engram.memory().list();
    List<StoredMemory> matching = listing.memories().stream()
        .filter(s -> type.isEmpty() || s.memory().type() == type.get())
        .sorted(java.util.Comparator.comparing(MemoryTools::position)).toList();
    List<Map<String, Object>> page = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    Optional<String> next = Optional.empty();
    for (StoredMemory s : matching) {
      if (after.isPresent() && position(s).compareTo(after.get()) <= 0) {
        continue;
      }
      if (page.size() == limit) {
        next = Optional.of(cursorAfter(page.get(page.size() - 1)));
        break;
      }
      page.add(summary(engram, s));
      text.append("- ").append(s.name()).append(" [").append(s.memory().type().id()).append("] ")
          .append(s.memory().description()).append('\n');
    }
    String shown = page.isEmpty() ? (after.isPresent() ? "No more memories." : "No memories.") : text.toString()
        .strip() + next.map(c -> "\n\n" + page.size() + " shown of " + matching.size() + "; for the next page call"
        + " list with cursor \"" + c + "\"").orElse("");
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("memories", page);
    result.put("total", matching.size());
    next.ifPresent(c -> result.put("nextCursor", c));
    result.put("problems", listing.problems().stream().map(Object::toString).toList());
    result.put("text", shown);
    return new ToolDef.ToolAnswer(shown, result);
  }

  /** Where a memory sorts in the listing (the store lists by name; scope breaks a tie). */
  private static String position(StoredMemory s) {
    return s.name() + "@" + s.scope().name().toLowerCase(Locale.ROOT);
  }

  private static String cursorAfter(Map<String, Object> shown) {
    return PageCursor.after(shown.get("name") + "@" + shown.get("scope"));
  }

  private static String positionIn(String cursor) {
    try {
      return PageCursor.position(cursor);
    } catch (IllegalArgumentException e) {
      throw new ToolInputException("argument 'cursor': " + e.getMessage());
    }
  }

  /** A memory as every tool shows it. */
  static Map<String, Object> summary(Engram engram, StoredMemory s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", s.name());
    m.put("type", s.memory().type().id());
    m.put("description", s.memory().description());
    m.put("scope", s.scope().name().toLowerCase(Locale.ROOT));
    m.put("uri", MemoryResources.uriOf(engram.memory().location().projectKey(), s));
    return m;
  }
}
