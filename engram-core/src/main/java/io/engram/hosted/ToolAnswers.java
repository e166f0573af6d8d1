package io.engram.hosted;

import io.engram.memory.Forgotten;
import io.engram.memory.NoSuchMemoryException;
import io.engram.memory.Saved;
import io.engram.recall.MemoryRecall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * What Engram's memory tools answer a model, whichever framework declared them: the outcome in one line, or
 * the reason a call was refused, so the model can correct itself instead of the framework failing the turn.
 * Only a store that cannot be read or written throws.
 */
public final class ToolAnswers {
  private final HostedMemory memory;

  /** Answers over {@code memory}. */
  public ToolAnswers(HostedMemory memory) {
    this.memory = Objects.requireNonNull(memory, "memory");
  }

  /**
   * Saves a memory (see {@link HostedMemory#remember}) and says what happened.
   *
   * @throws UncheckedIOException when the store cannot be written
   */
  public String remember(String name, String type, String description, String body) {
    try {
      Saved saved = memory.remember(name, type, description, body);
      String redacted = saved.redacted().isEmpty() ? "" : " (secrets removed: " + saved.redacted() + ")";
      return (saved.created() ? "Saved" : "Updated") + " memory '" + saved.stored().name() + "'" + redacted;
    } catch (IllegalArgumentException e) {
      return "Not saved: " + e.getMessage();
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not save memory '" + name + "': " + e.getMessage(), e);
    }
  }

  /**
   * The memories recalled for {@code query}, one section each, or a line saying none matched.
   *
   * @throws UncheckedIOException when the store cannot be read
   */
  public String recall(String query) {
    if (query == null || query.isBlank()) {
      return "Nothing recalled: the query is blank.";
    }
    try {
      MemoryRecall.Outcome found = memory.recall(query);
      memory.recordUse(found); // the model asked for these through its tool
      return found.result().memories().isEmpty() ? "No memory matches the query."
          : RecalledSections.of(found, memory.engram());
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not recall for '" + query + "': " + e.getMessage(), e);
    }
  }

  /**
   * Moves a memory to the trash and says so, or says why it could not.
   *
   * @throws UncheckedIOException when the store cannot be written
   */
  public String forget(String name) {
    try {
      Forgotten forgotten = memory.forget(name);
      return "Moved memory '" + forgotten.name() + "' to the trash";
    } catch (NoSuchMemoryException | IllegalArgumentException e) {
      return "Not forgotten: " + e.getMessage();
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not forget memory '" + name + "': " + e.getMessage(), e);
    }
  }
}
