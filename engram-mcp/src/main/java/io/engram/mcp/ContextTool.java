package io.engram.mcp;

import io.engram.Engram;
import io.engram.instructions.LoadedInstructions;
import io.engram.memory.IndexText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code context} tool: the instruction files and the memory index a session loads, or with a {@code path} the
 * instruction files of the subdirectories down to it that the session has not had ({@link SubdirectoryInstructions}).
 */
final class ContextTool {
  private final Engram engram;
  private final SubdirectoryInstructions lazy;

  ContextTool(Engram engram) {
    this.engram = engram;
    this.lazy = new SubdirectoryInstructions(engram);
  }

  ToolDef def() {
    String file = Schemas.object("\"path\":{\"type\":\"string\"},\"level\":{\"type\":\"string\",\"description\":"
        + "\"Where the file sits: managed, user, project, local, subdirectory and kin\"},\"chars\":{\"type\":"
        + "\"integer\"}", "path", "level", "chars");
    return new ToolDef("context", "Instructions and memory index", "What a session starting in this project loads:"
        + " the instruction files (CLAUDE.md, AGENTS.md and kin, in prompt order) and the MEMORY.md index. With a"
        + " path (a file you are about to read or edit), only the instruction files of the subdirectories down to"
        + " it that this session has not been given yet: call it before working in a subdirectory.",
        ToolDef.Effect.READ_ONLY,
        Schemas.arguments("\"path\":{\"type\":\"string\",\"minLength\":1,\"description\":\"A file about to be read"
            + " or edited, absolute or relative to the project\"},\"session\":{\"type\":\"string\",\"minLength\":1,"
            + "\"description\":\"Your session id; without it, this server's connection is the session\"}"),
        Schemas.object("\"files\":{\"type\":\"array\",\"items\":" + file + "},\"warnings\":"
            + Schemas.strings("What could not be loaded or was cut") + ",\"path\":{\"type\":\"string\","
            + "\"description\":\"With a path: the file, resolved against the project\"},\"memoryIndex\":{\"type\":"
            + "\"string\",\"description\":\"Without a path: MEMORY.md as a session loads it\"},\"memoryIndexNote\":"
            + "{\"type\":\"string\",\"description\":\"Without a path: what of MEMORY.md was cut, if anything\"},"
            + "\"memoryIndexSkipped\":{\"type\":\"string\",\"description\":\"Without a path: the lines of MEMORY.md"
            + " skipped as damaged (not UTF-8, binary, too long, cut short), if any\"},\"text\":" + Schemas.TEXT,
            "files", "warnings", "text"),
        this::context);
  }

  private ToolDef.ToolAnswer context(ToolCall call) throws IOException {
    Arguments args = call.args();
    Optional<String> path = args.optionalString("path");
    Map<String, Object> result;
    if (path.isPresent()) {
      result = lazy.dueFor(path.get(), args.optionalString("session"));
    } else {
      LoadedInstructions loaded = engram.instructions().load();
      IndexText index = engram.memory().indexText();
      result = new LinkedHashMap<>();
      result.put("files", files(loaded));
      result.put("warnings", loaded.warnings().stream().map(Object::toString).toList());
      result.put("memoryIndex", index.text());
      result.put("memoryIndexNote", index.cutNote());
      result.put("memoryIndexSkipped", index.skipNote());
      String text = loaded.render() + (index.text().isBlank() ? "" : "\n\n# Memory index (MEMORY.md)\n\n"
          + index.text()) + (index.skipped().isEmpty() ? "" : "\n(" + index.skipNote() + ")");
      result.put("text", text.strip().isEmpty() ? "No instruction files and no memories." : text.strip());
    }
    return new ToolDef.ToolAnswer(String.valueOf(result.get("text")), result);
  }

  /** The instruction files as the answer lists them: path, level and size. */
  static List<Map<String, Object>> files(LoadedInstructions loaded) {
    List<Map<String, Object>> files = new ArrayList<>();
    loaded.files().forEach(f -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("path", f.path().toString());
      m.put("level", f.level().name().toLowerCase(Locale.ROOT));
      m.put("chars", f.chars());
      files.add(m);
    });
    return files;
  }
}
