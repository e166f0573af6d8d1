package io.engram.mcp;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;

/**
 * One MCP tool as Engram defines it: what a client lists ({@code name}, {@code title}, a description a model can
 * act on, its {@link Effect} as annotations, the JSON schema of its arguments and of its structured result) and
 * what it does. {@link EngramTools#all} lists every tool; a new tool is one more entry there.
 *
 * @param name the name a client calls it by
 * @param title a short human title (clients show it in menus)
 * @param description what it does and when to call it, for the model
 * @param effect what it does to the memory, told to clients as {@code annotations}
 * @param inputSchema the JSON schema of its arguments (an object; every property described)
 * @param outputSchema the JSON schema its structured content always validates against (an object)
 * @param action what it does
 */
record ToolDef(String name, String title, String description, Effect effect, String inputSchema, String outputSchema,
    Action action) {
  ToolDef {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(effect, "effect");
    Objects.requireNonNull(inputSchema, "inputSchema");
    Objects.requireNonNull(outputSchema, "outputSchema");
    Objects.requireNonNull(action, "action");
  }

  /**
   * What a tool does to the memory and the project, as MCP's tool annotations say it: read-only, or a change that
   * may replace or remove what was there (destructive) and that a second identical call leaves as the first did
   * (idempotent). No Engram tool reaches outside the project and its memory ({@code openWorldHint} false).
   *
   * @param readOnly it changes nothing
   * @param destructive it may replace or remove what is stored (only meaningful when not read-only)
   * @param idempotent calling it again with the same arguments changes nothing more
   */
  record Effect(boolean readOnly, boolean destructive, boolean idempotent) {
    /** Reads only. */
    static final Effect READ_ONLY = new Effect(true, false, true);

    /** A change; {@code destructive} when it may replace or remove, {@code idempotent} when a repeat adds nothing. */
    static Effect writes(boolean destructive, boolean idempotent) {
      return new Effect(false, destructive, idempotent);
    }
  }

  /** What a tool does with one call; a bad argument is a {@link ToolInputException}. */
  @FunctionalInterface
  interface Action {
    ToolAnswer run(ToolCall call) throws IOException;
  }

  /**
   * A tool's answer: the text content an agent reads, and the structured content (a JSON object that validates
   * against the tool's output schema).
   *
   * @param text the text content
   * @param structured the structured content
   */
  record ToolAnswer(String text, Map<String, Object> structured) {}
}
