package io.engram.springai;

import io.engram.hosted.HostedMemory;
import io.engram.hosted.ToolAnswers;
import java.util.Objects;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.ai.tool.annotation.ToolParam;

/**
 * Engram's memory tools for a Spring AI {@code ChatClient} ({@code .defaultTools(tools)}). A call the store
 * refuses answers with the reason, so the model can correct itself; secrets are redacted before anything
 * is written.
 */
public final class EngramMemoryTools {
  private final ToolAnswers answers;

  /** Tools over {@code memory}. */
  public EngramMemoryTools(HostedMemory memory) {
    this.answers = new ToolAnswers(Objects.requireNonNull(memory, "memory"));
  }

  /** Saves a memory, or updates the memory of the same name. */
  @Tool(name = "remember", description = "Save something worth remembering in later conversations (a"
      + " preference, a correction, a fact about the project, where to find something). Updates the memory"
      + " of the same name.")
  public String remember(
      @ToolParam(description = "a short name, a few words") String name,
      @ToolParam(description = "one of: user, feedback, project, reference") String type,
      @ToolParam(description = "one line: when is this memory useful") String description,
      @ToolParam(description = "what to remember") String body) {
    return answers.remember(name, type, description, body);
  }

  /** Finds the memories relevant to a query. */
  @Tool(name = "recall", description = "Find what Engram remembers about something: memories saved in"
      + " earlier conversations.")
  public String recall(@ToolParam(description = "what to look for") String query) {
    return answers.recall(query);
  }

  /** Moves a memory to the trash. */
  @Tool(name = "forget", description = "Forget a memory that is wrong or no longer true (it goes to the"
      + " trash and can be restored).")
  public String forget(@ToolParam(description = "the memory's name") String name) {
    return answers.forget(name);
  }
}
