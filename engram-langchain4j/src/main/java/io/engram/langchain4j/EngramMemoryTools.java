package io.engram.langchain4j;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import io.engram.hosted.HostedMemory;
import io.engram.hosted.ToolAnswers;
import java.util.Objects;

/**
 * Engram's memory tools for an {@code AiServices} agent ({@code .tools(new EngramMemoryTools(memory))}).
 * A call the store refuses (a blank field, an unknown type) answers with the reason, so the model can
 * correct itself; secrets are redacted before anything is written.
 */
public final class EngramMemoryTools {
  private final ToolAnswers answers;

  /** Tools over {@code memory}. */
  public EngramMemoryTools(HostedMemory memory) {
    this.answers = new ToolAnswers(Objects.requireNonNull(memory, "memory"));
  }

  /** Saves a memory, or updates the memory of the same name. */
  @Tool("Save something worth remembering in later conversations (a preference, a correction, a fact"
      + " about the project, where to find something). Updates the memory of the same name.")
  public String remember(
      @P("a short name, a few words") String name,
      @P("one of: user, feedback, project, reference") String type,
      @P("one line: when is this memory useful") String description,
      @P("what to remember") String body) {
    return answers.remember(name, type, description, body);
  }

  /** Finds the memories relevant to a query. */
  @Tool("Find what Engram remembers about something: memories saved in earlier conversations.")
  public String recall(@P("what to look for") String query) {
    return answers.recall(query);
  }

  /** Moves a memory to the trash. */
  @Tool("Forget a memory that is wrong or no longer true (it goes to the trash and can be restored).")
  public String forget(@P("the memory's name") String name) {
    return answers.forget(name);
  }
}
