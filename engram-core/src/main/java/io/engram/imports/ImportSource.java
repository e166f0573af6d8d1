package io.engram.imports;

import io.engram.transcript.CodingAgent;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The agents whose own memory Engram brings in ({@code engram import --from}). */
public enum ImportSource {
  /** Claude Code's auto memory: the topic files of the project's {@code ~/.claude/projects/<project>/memory/}. */
  CLAUDE_CODE(CodingAgent.CLAUDE_CODE),
  /** Codex's memories: the consolidated {@code MEMORY.md} of the project, of the user and of the whole machine. */
  CODEX(CodingAgent.CODEX),
  /**
   * Gemini CLI's saved facts: the project's private memory folder and the facts it added to the user's
   * {@code ~/.gemini/GEMINI.md}.
   */
  GEMINI(CodingAgent.GEMINI);

  private final CodingAgent agent;

  ImportSource(CodingAgent agent) {
    this.agent = agent;
  }

  /** The agent. */
  public CodingAgent agent() {
    return agent;
  }

  /** The source spelled {@code text}: the agent's id ({@code claude-code}, {@code codex}, {@code gemini}). */
  public static Optional<ImportSource> parse(String text) {
    Optional<CodingAgent> agent = CodingAgent.parse(text.toLowerCase(Locale.ROOT));
    return Arrays.stream(values()).filter(s -> agent.filter(s.agent::equals).isPresent()).findFirst();
  }
}
