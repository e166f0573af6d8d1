package io.engram.mcp;

import io.engram.config.EngramSettings;
import io.engram.instructions.InstructionLoader;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What the MCP server works on: one project's memory (merged with the user's), its instruction files
 * and the settings.
 *
 * @param memory the project's memory store
 * @param instructions the loader of the project's instruction files
 * @param settings the effective settings (recall budgets)
 * @param router the configured model or the offline engine, for the {@code compact} tool
 * @param engramHome Engram's home, where the session notes the {@code compact} tool reuses are kept
 */
public record EngramServices(ProjectMemory memory, InstructionLoader instructions, EngramSettings settings,
    ModelRouter router, Path engramHome) {
  public EngramServices {
    Objects.requireNonNull(memory, "memory");
    Objects.requireNonNull(instructions, "instructions");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(router, "router");
    Objects.requireNonNull(engramHome, "engramHome");
  }

  /** The project's key, the authority of its memories' resource URIs. */
  public String projectKey() {
    return memory.location().projectKey();
  }
}
