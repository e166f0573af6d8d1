package io.engram.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 */
public record HookInput(
    String sessionId,
    Optional<Path> transcriptPath,
    Optional<Path> cwd,
    Optional<String> eventName,
    Optional<String> prompt,
    Optional<String> source,
    Optional<String> trigger,
    Optional<String> customInstructions) {

  // Trailing text after the object is an error, not silently dropped.
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  public HookInput {
    Objects.requireNonNull(sessionId, "sessionId");
    if (sessionId.isBlank()) {
      throw new IllegalArgumentException("session_id is empty");
    }
  }

  /**
   * Parses the hook JSON; throws {@link IllegalArgumentException} naming what is wrong (not JSON, not an
   * object, {@code session_id} missing, a field of the wrong type).
   */
  public static HookInput parse(String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("hook input on stdin is not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("hook input on stdin must be a JSON object");
    }
    String session = text(root, "session_id")
        .orElseThrow(() -> new IllegalArgumentException("hook input lacks \"session_id\""));
    return new HookInput(session, text(root, "transcript_path").map(Path::of), text(root, "cwd").map(Path::of),
        text(root, "hook_event_name"), text(root, "prompt"), text(root, "source"), text(root, "trigger"),
        text(root, "custom_instructions"));
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
