package io.engram.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.transcript.CodingAgent;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;

/**
 * Engram's MCP server ({@code engram mcp}) as an entry named {@code engram} in an agent's JSON settings: {@code
 * mcpServers.engram} with {@code command}, {@code args} and {@code env} for Claude Code, Gemini CLI and Cursor, {@code
 * mcp.engram} with {@code type: local}, one {@code command} array and {@code environment} for OpenCode. The entry sets
 * {@code ENGRAM_AGENT}, so what the agent writes through MCP records the agent it came from. An entry called engram
 * that does not run {@code ... mcp} through Engram is someone else's: it is left alone, and said so.
 */
final class McpServerEntry {
  static final String NAME = "engram";
  static final String AGENT_ENV = "ENGRAM_AGENT";

  private McpServerEntry() {}

  /** The key the agent keeps its MCP servers under. */
  static String serversKey(HookDialect dialect) {
    return dialect == HookDialect.OPENCODE ? "mcp" : "mcpServers";
  }

  static JsonConfigFile.Delta install(ObjectNode servers, HookDialect dialect, EngramCommand command,
      List<String> notes) {
    JsonNode existing = servers.get(NAME);
    if (existing != null && !isOurs(existing)) {
      notes.add("an MCP server named " + NAME + " is already set up and does not run Engram; left as it is");
      return new JsonConfigFile.Delta(List.of(), List.of());
    }
    ObjectNode entry = servers.putObject(NAME);
    List<String> words = new ArrayList<>(command.words());
    if (dialect == HookDialect.CURSOR) {
      // Cursor may start a server outside the workspace; it fills in ${workspaceFolder} itself.
      words.addAll(List.of("--project", "${workspaceFolder}"));
    }
    words.add("mcp");
    CodingAgent agent = dialect.agent();
    if (dialect == HookDialect.OPENCODE) {
      entry.put("type", "local");
      words.forEach(entry.putArray("command")::add);
      entry.put("enabled", true);
      entry.putObject("environment").put(AGENT_ENV, agent.id());
    } else {
      if (dialect == HookDialect.CLAUDE_CODE) {
        entry.put("type", "stdio");
      }
      entry.put("command", words.get(0));
      words.subList(1, words.size()).forEach(entry.putArray("args")::add);
      entry.putObject("env").put(AGENT_ENV, agent.id());
    }
    return new JsonConfigFile.Delta(existing == null ? List.of(NAME) : List.of(), List.of());
  }

  /** Removes Engram's entry from {@code servers}; whether there was one. */
  static boolean remove(ObjectNode servers) {
    JsonNode existing = servers.get(NAME);
    if (existing != null && isOurs(existing)) {
      servers.remove(NAME);
      return true;
    }
    return false;
  }

  /** True when {@code entry} runs Engram's MCP server: a word naming engram, and {@code mcp} last. */
  static boolean isOurs(JsonNode entry) {
    List<String> words = new ArrayList<>();
    JsonNode command = entry.get("command");
    if (command != null && command.isTextual()) {
      words.add(command.asText());
    } else if (command instanceof ArrayNode a) {
      StreamSupport.stream(a.spliterator(), false).map(JsonNode::asText).forEach(words::add);
    }
    if (entry.get("args") instanceof ArrayNode args) {
      StreamSupport.stream(args.spliterator(), false).map(JsonNode::asText).forEach(words::add);
    }
    return !words.isEmpty() && words.get(words.size() - 1).equals("mcp")
        && words.stream().anyMatch(w -> w.toLowerCase(java.util.Locale.ROOT).contains("engram"));
  }
}
