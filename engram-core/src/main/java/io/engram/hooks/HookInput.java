package io.engram.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The JSON Claude Code passes a hook on stdin.
 *
 * @param sessionId {@code session_id}
 * @param transcriptPath {@code transcript_path}, when given
 * @param cwd {@code cwd}, when given
 * @param eventName {@code hook_event_name}, when given
 * @param prompt {@code prompt} (UserPromptSubmit)
 * @param source {@code source} (SessionStart: startup, resume, clear, compact)
 * @param trigger {@code trigger} (PreCompact: manual, auto)
 * @param customInstructions {@code custom_instructions} (PreCompact)
 * @param tool {@code tool_name} and the file of {@code tool_input} (PostToolUse)
 */
public record HookInput(
    String sessionId,
    Optional<Path> transcriptPath,
    Optional<Path> cwd,
    Optional<String> eventName,
    Optional<String> prompt,
    Optional<String> source,
    Optional<String> trigger,
    Optional<String> customInstructions,
    Optional<ToolCall> tool) {

  // Trailing text after the object is an error, not silently dropped.
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  public HookInput {
    Objects.requireNonNull(sessionId, "sessionId");
    if (sessionId.isBlank()) {
      throw new IllegalArgumentException("session_id is empty");
    }
  }

  /** The input of an event that calls no tool. */
  public HookInput(String sessionId, Optional<Path> transcriptPath, Optional<Path> cwd, Optional<String> eventName,
      Optional<String> prompt, Optional<String> source, Optional<String> trigger, Optional<String> customInstructions) {
    this(sessionId, transcriptPath, cwd, eventName, prompt, source, trigger, customInstructions, Optional.empty());
  }

  /**
   * The tool a PostToolUse reports.
   *
   * @param name {@code tool_name} ({@code Read}, {@code Edit}...)
   * @param file {@code tool_input.file_path}, or {@code tool_input.notebook_path} for a notebook, when given
   */
  public record ToolCall(String name, Optional<Path> file) {
    public ToolCall {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(file, "file");
    }
  }

  /**
   * This input, checked that its {@code cwd}, when given, is an existing directory: a directory that does not
   * exist would otherwise open (and create) a memory store named after it. Every surface that answers a hook
   * (its own JVM, the resident service) refuses it with this same message.
   *
   * @throws IllegalArgumentException naming the {@code cwd}
   */
  public HookInput requireExistingCwd() {
    cwd.filter(dir -> !java.nio.file.Files.isDirectory(dir)).ifPresent(dir -> {
      throw new IllegalArgumentException("hook input \"cwd\" " + dir + " is not an existing directory; "
          + "no memory store opened");
    });
    return this;
  }

  /**
   * Parses the hook JSON; throws {@link IllegalArgumentException} naming what is wrong (not JSON, not an
   * object, {@code session_id} missing, a field of the wrong type).
   */
  public static HookInput parse(String json) {
    return of(tree(json));
  }

  /** The JSON value {@code json} holds; throws {@link IllegalArgumentException} when it is not one JSON value. */
  static JsonNode tree(String json) {
    try {
      return JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("hook input on stdin is not JSON: "
          + e.getOriginalMessage().replaceAll("\\R", " "));
    }
  }

  /** The input {@code root} holds, checked as {@link #parse} checks it. */
  static HookInput of(JsonNode root) {
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("hook input on stdin must be a JSON object");
    }
    String session = text(root, "session_id")
        .orElseThrow(() -> new IllegalArgumentException("hook input lacks \"session_id\""));
    return new HookInput(session, path(root, "transcript_path"), path(root, "cwd"),
        text(root, "hook_event_name"), text(root, "prompt"), text(root, "source"), text(root, "trigger"),
        text(root, "custom_instructions"), tool(root));
  }

  private static Optional<ToolCall> tool(JsonNode root) {
    Optional<String> name = text(root, "tool_name");
    if (name.isEmpty()) {
      return Optional.empty();
    }
    JsonNode given = root.get("tool_input");
    if (given != null && !given.isNull() && !given.isObject()) {
      throw new IllegalArgumentException("hook input field \"tool_input\" must be an object, was " + given.getNodeType());
    }
    Optional<Path> file = Optional.empty();
    if (given != null && given.isObject()) {
      file = path(given, "file_path").or(() -> path(given, "notebook_path")).filter(f -> !f.toString().isBlank());
    }
    return Optional.of(new ToolCall(name.get(), file));
  }

  // A path the file system cannot hold (a NUL inside) is refused by name; its text is not echoed, since it
  // may hold line breaks and the refusal must stay one line.
  private static Optional<Path> path(JsonNode root, String field) {
    Optional<String> given = text(root, field);
    try {
      return given.map(Path::of);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("hook input field \"" + field + "\" is not a usable path (" + e.getReason()
          + " at character " + e.getIndex() + ")");
    }
  }

  private static Optional<String> text(JsonNode root, String field) {
    JsonNode n = root.get(field);
    if (n == null || n.isNull()) {
      return Optional.empty();
    }
    if (!n.isTextual()) {
      throw new IllegalArgumentException("hook input field \"" + field + "\" must be a string, was " + n.getNodeType());
    }
    return Optional.of(n.asText());
  }
}
