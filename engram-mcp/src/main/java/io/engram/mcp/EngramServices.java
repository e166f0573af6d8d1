package io.engram.mcp;

import io.engram.config.EngramSettings;
import io.engram.history.PastSessions;
import io.engram.instructions.InstructionLoader;
import io.engram.memory.ProjectMemory;
import io.engram.model.ModelRouter;
import io.engram.recall.MemoryRecall;
import io.engram.recall.SearchIndex;
import java.nio.file.Path;
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
 * @param router the configured model or the offline engine, for the {@code compact} tool
 * @param engramHome Engram's home, where the session notes the {@code compact} tool reuses are kept
 * @param history the project's past sessions, for the {@code history} tool
 */
public record EngramServices(ProjectMemory memory, InstructionLoader instructions, EngramSettings settings,
    MemoryRecall recall, ModelRouter router, Path engramHome, PastSessions history) {
  public EngramServices {
    Objects.requireNonNull(memory, "memory");
    Objects.requireNonNull(instructions, "instructions");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(recall, "recall");
    Objects.requireNonNull(router, "router");
    Objects.requireNonNull(engramHome, "engramHome");
    Objects.requireNonNull(history, "history");
  }

  /** Services whose past sessions are searched through an in-memory index, rebuilt on each search. */
  public EngramServices(ProjectMemory memory, InstructionLoader instructions, EngramSettings settings,
      MemoryRecall recall, ModelRouter router, Path engramHome) {
    this(memory, instructions, settings, recall, router, engramHome,
        new PastSessions(memory, engramHome, dir -> SearchIndex.inMemory(), settings.recall()));
  }

  /**
   * Services whose recall is keyword search over an in-memory index and whose model is the offline engine,
   * with session state under the Engram home that holds the user store ({@code <home>/user/memory}).
   */
  public EngramServices(ProjectMemory memory, InstructionLoader instructions, EngramSettings settings) {
    this(memory, instructions, settings, memory.location().userDir().getParent().getParent());
  }

  private EngramServices(ProjectMemory memory, InstructionLoader instructions, EngramSettings settings, Path home) {
    this(memory, instructions, settings, new MemoryRecall(memory, home, settings.recall(),
        MemoryRecall.Backend.keywordInMemory(), Clock.systemUTC()), ModelRouter.offline(), home);
  }

  /** The project's key, the authority of its memories' resource URIs. */
  public String projectKey() {
    return memory.location().projectKey();
  }
}
