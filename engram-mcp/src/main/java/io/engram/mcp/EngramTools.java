package io.engram.mcp;

import io.engram.Engram;
import io.engram.config.McpSettings;
import java.util.List;

/**
 * Every tool Engram's MCP server offers, in the order {@code tools/list} gives them. A new tool is a {@link ToolDef}
 * (its schemas, annotations and action) added here; the server registers, validates and answers it like the rest.
 */
final class EngramTools {
  private EngramTools() {}

  static List<ToolDef> all(Engram engram, McpSettings limits) {
    MemoryTools memory = new MemoryTools(engram, limits);
    return java.util.stream.Stream.of(
        List.of(new RecallTool(engram).def()),
        memory.all(),
        List.of(new ContextTool(engram).def(), new HistoryTool(engram, limits).def(), new CompactionTool(engram).def(),
            new DreamTool(engram).def(), new InboxTool(engram).def()))
        .flatMap(List::stream).toList();
  }

  /** The tool called {@code name}, with the default bounds. */
  static ToolDef named(Engram engram, String name) {
    return all(engram, McpSettings.DEFAULTS).stream().filter(t -> t.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no tool " + name));
  }
}
