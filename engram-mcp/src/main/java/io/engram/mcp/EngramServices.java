package io.engram.mcp;

import io.engram.config.EngramSettings;
import io.engram.instructions.InstructionLoader;
import io.engram.memory.ProjectMemory;
import java.util.Objects;

/**
 * What the MCP server works on: one project's memory (merged with the user's), its instruction files
 * and the settings.
 *
 * @param memory the project's memory store
 * @param instructions the loader of the project's instruction files
 * @param settings the effective settings (recall budgets)
 */
public record EngramServices(ProjectMemory memory, InstructionLoader instructions, EngramSettings settings) {
  public EngramServices {
    Objects.requireNonNull(memory, "memory");
    Objects.requireNonNull(instructions, "instructions");
    Objects.requireNonNull(settings, "settings");
  }

  /** The project's key, the authority of its memories' resource URIs. */
  public String projectKey() {
    return memory.location().projectKey();
  }
}
