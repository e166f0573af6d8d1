package io.engram.mcp;

import io.engram.config.EngramSettings;
import io.engram.instructions.InstructionLoader;
import io.engram.memory.ProjectMemory;
import io.engram.recall.MemoryRecall;
import java.time.Clock;
import java.util.Objects;

/**
 * What the MCP server works on: one project's memory (merged with the user's), its instruction files
 * and the settings.
 *
 * @param memory the project's memory store
 * @param instructions the loader of the project's instruction files
 * @param settings the effective settings (recall budgets)
 * @param recall recall over {@code memory} (the command line wires the on-disk index and the embedder)
 */
public record EngramServices(
    ProjectMemory memory, InstructionLoader instructions, EngramSettings settings, MemoryRecall recall) {
  public EngramServices {
    Objects.requireNonNull(memory, "memory");
    Objects.requireNonNull(instructions, "instructions");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(recall, "recall");
  }

  /**
   * Services whose recall is keyword search over an in-memory index, with session state under the Engram
   * home that holds the user store ({@code <home>/user/memory}).
   */
  public EngramServices(ProjectMemory memory, InstructionLoader instructions, EngramSettings settings) {
    this(memory, instructions, settings, new MemoryRecall(memory,
        memory.location().userDir().getParent().getParent(), settings.recall(),
        MemoryRecall.Backend.keywordInMemory(), Clock.systemUTC()));
  }

  /** The project's key, the authority of its memories' resource URIs. */
  public String projectKey() {
    return memory.location().projectKey();
  }
}
