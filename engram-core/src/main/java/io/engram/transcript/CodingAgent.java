package io.engram.transcript;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The coding agents whose sessions Engram reads, hooks into and learns from; {@link #OTHER} for the rest. */
public enum CodingAgent {
  /** Anthropic's Claude Code. */
  CLAUDE_CODE("claude-code", "Claude Code"),
  /** OpenAI's Codex CLI (and its IDE and desktop front ends, which write the same rollouts). */
  CODEX("codex", "Codex"),
  /** Google's Gemini CLI. */
  GEMINI("gemini", "Gemini CLI"),
  /** OpenCode. */
  OPENCODE("opencode", "OpenCode"),
  /** Cursor's agent (the IDE and the {@code agent} command). */
  CURSOR("cursor", "Cursor"),
  /** Any other agent or framework: a plain list of chat messages. */
  OTHER("other", "another agent");

  private final String id;
  private final String displayName;

  CodingAgent(String id, String displayName) {
    this.id = id;
    this.displayName = displayName;
  }

  /** The spelling the command line, the hooks, JSON and a memory's provenance use: {@code claude-code}, ... */
  @JsonValue
  public String id() {
    return id;
  }

  /** The product's name, for people. */
  public String displayName() {
    return displayName;
  }

  /** The agent spelled {@code text}: its id, its enum name or {@code claude} for Claude Code (case-insensitive). */
  public static Optional<CodingAgent> parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT).replace('_', '-');
    if (t.equals("claude")) {
      return Optional.of(CLAUDE_CODE);
    }
    return Arrays.stream(values()).filter(a -> a.id.equals(t)).findFirst();
  }

  /**
   * The agent an MCP client's name ({@code clientInfo.name}: {@code claude-code}, {@code codex-mcp-client}, {@code
   * gemini-cli-mcp-client}, {@code cursor-vscode}, {@code opencode}) or an {@code ENGRAM_AGENT} value names: its id
   * or spelling as {@link #parse} takes it, else the one agent whose id (or {@code claude}) the name contains.
   */
  public static Optional<CodingAgent> ofClient(String name) {
    Optional<CodingAgent> exact = parse(name).filter(a -> a != OTHER);
    if (exact.isPresent()) {
      return exact;
    }
    String n = name.toLowerCase(Locale.ROOT);
    List<CodingAgent> named = Arrays.stream(values()).filter(a -> a != OTHER)
        .filter(a -> n.contains(a == CLAUDE_CODE ? "claude" : a.id)).toList();
    return named.size() == 1 ? Optional.of(named.get(0)) : Optional.empty();
  }
}
