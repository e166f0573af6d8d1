package io.engram.transcript;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The kinds of session file Engram reads, told apart by their content, never by their name: the keys of the first
 * JSON value in the file say which agent wrote it.
 *
 * <p>Line formats ({@link #linesAppended()}) are JSON Lines an agent appends to: they are read on from a byte offset
 * and a history can index what was appended since. Document formats are one JSON value written whole again on every
 * change; they are read from their start each time.
 */
public enum TranscriptFormat {
  /** Claude Code's JSONL ({@code ~/.claude/projects/<project>/<session>.jsonl}); also whatever no other format claims. */
  CLAUDE_CODE(CodingAgent.CLAUDE_CODE, true),
  /** Codex rollouts ({@code ~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl}): {@code {timestamp, type, payload}}. */
  CODEX(CodingAgent.CODEX, true),
  /** Gemini CLI chats as JSON Lines ({@code ~/.gemini/tmp/<project>/chats/session-*.jsonl}). */
  GEMINI(CodingAgent.GEMINI, true),
  /** Gemini CLI chats as one JSON document (versions before the JSONL recording). */
  GEMINI_DOCUMENT(CodingAgent.GEMINI, false),
  /** An OpenCode session as {@code opencode export} prints it: {@code {info, messages: [{info, parts}]}}. */
  OPENCODE_EXPORT(CodingAgent.OPENCODE, false),
  /** Cursor agent transcripts ({@code ~/.cursor/projects/<workspace>/agent-transcripts/<id>.jsonl}). */
  CURSOR(CodingAgent.CURSOR, true),
  /** A plain JSON list of chat messages, as other agents and frameworks keep them ({@link MessageListReader}). */
  MESSAGE_LIST(CodingAgent.OTHER, false);

  private static final JsonFactory JSON = new JsonFactory();
  private static final Set<String> CODEX_TYPES = Set.of("session_meta", "response_item", "event_msg", "turn_context",
      "compacted", "token_usage_record");
  private static final Set<String> GEMINI_MESSAGE_TYPES = Set.of("user", "gemini", "info", "error", "warning");

  private final CodingAgent agent;
  private final boolean linesAppended;

  TranscriptFormat(CodingAgent agent, boolean linesAppended) {
    this.agent = agent;
    this.linesAppended = linesAppended;
  }

  /** The agent that writes this format. */
  public CodingAgent agent() {
    return agent;
  }

  /** True for JSON Lines appended to; false for one JSON document rewritten whole. */
  public boolean linesAppended() {
    return linesAppended;
  }

  /**
   * The format of {@code file}, from the top-level keys of its first JSON value (streamed: a large first record is
   * not held). An empty file, or one whose start is not JSON, is {@link #CLAUDE_CODE}, whose reader reports every bad
   * line.
   *
   * @throws IOException when the file cannot be read
   */
  public static TranscriptFormat of(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return of(JSON.createParser(in));
    }
  }

  /** The format of the JSON text {@code reader} holds, as {@link #of(Path)} tells it. */
  static TranscriptFormat of(Reader reader) throws IOException {
    return of(JSON.createParser(reader));
  }

  private static TranscriptFormat of(JsonParser parser) throws IOException {
    try (parser) {
      JsonToken first = parser.nextToken();
      if (first == JsonToken.START_ARRAY) {
        return MESSAGE_LIST;
      }
      if (first != JsonToken.START_OBJECT) {
        return CLAUDE_CODE;
      }
      Map<String, JsonToken> keys = new HashMap<>();
      Map<String, String> texts = new HashMap<>();
      for (JsonToken t = parser.nextToken(); t == JsonToken.FIELD_NAME; t = parser.nextToken()) {
        String key = parser.currentName();
        JsonToken value = parser.nextToken();
        keys.put(key, value);
        if (value == JsonToken.VALUE_STRING && (key.equals("type") || key.equals("role"))) {
          texts.put(key, parser.getText());
        }
        parser.skipChildren();
      }
      return of(keys, texts);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return CLAUDE_CODE; // not JSON: the Claude Code reader reports each line it cannot use
    }
  }

  private static TranscriptFormat of(Map<String, JsonToken> keys, Map<String, String> texts) {
    String type = texts.getOrDefault("type", "");
    boolean messages = keys.get("messages") == JsonToken.START_ARRAY;
    if (keys.containsKey("payload") && CODEX_TYPES.contains(type)) {
      return CODEX;
    }
    if (keys.containsKey("sessionId") && keys.containsKey("projectHash")) {
      return messages ? GEMINI_DOCUMENT : GEMINI;
    }
    if (keys.containsKey("$set") || keys.containsKey("$rewindTo")
        || (keys.containsKey("id") && keys.containsKey("content") && !keys.containsKey("message")
            && GEMINI_MESSAGE_TYPES.contains(type))) {
      return GEMINI;
    }
    if (keys.get("info") == JsonToken.START_OBJECT && messages) {
      return OPENCODE_EXPORT;
    }
    if (keys.containsKey("role") && keys.get("message") == JsonToken.START_OBJECT && !keys.containsKey("type")) {
      return CURSOR;
    }
    if (messages && !keys.containsKey("type")) {
      return MESSAGE_LIST;
    }
    return CLAUDE_CODE;
  }
}
