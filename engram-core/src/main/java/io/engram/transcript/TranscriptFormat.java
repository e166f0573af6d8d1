package io.engram.transcript;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The kinds of session file Engram reads, told apart by their content, never by their name: the keys of the first
 * record that only one agent writes say which agent wrote the file. A record no reader claims (a kind added in a
 * later version, or one every agent could write: Cursor at times starts a transcript with a {@code metadata} line) does
 * not decide; the records after it do, up to {@value #RECORDS_LOOKED_AT}.
 *
 * <p>A file that does not start as JSON does is Markdown when its start is SpecStory's (its comment, its heading or
 * its role lines); any other is left to the Claude Code reader, which reports every line it cannot use.
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
  MESSAGE_LIST(CodingAgent.OTHER, false),
  /**
   * A session SpecStory saved as Markdown ({@code .specstory/history/*.md}), rewritten whole as it goes on: Cursor's,
   * or the terminal agent's its header names ({@code SpecStoryMarkdown}).
   */
  SPECSTORY_MARKDOWN(CodingAgent.CURSOR, false);

  private static final JsonFactory JSON = new JsonFactory();
  private static final Set<String> CODEX_TYPES = Set.of("session_meta", "response_item", "event_msg", "turn_context",
      "compacted", "token_usage_record");
  private static final Set<String> GEMINI_MESSAGE_TYPES = Set.of("user", "gemini", "info", "error", "warning");
  // The record types Claude Code writes; a record of another type does not say the file is Claude Code's.
  private static final Set<String> CLAUDE_CODE_TYPES = Set.of("user", "assistant", "system", "summary", "progress",
      "file-history-snapshot", "queue-operation", "custom-title", "tag", "attachment");
  /** How much of a file's start is looked at for Markdown, when it does not start as JSON does. */
  static final int HEAD_CHARS = 1 << 16;
  // Whether a file opens as JSON ('{' or '[') shows in its first 64 characters, past any leading blank.
  private static final int OPENING_CHARS = 64;
  /** How many records are looked at for one that decides the format, before the file is taken for Claude Code's. */
  static final int RECORDS_LOOKED_AT = 32;

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
   * The format of {@code file}, from the top-level keys of its first record that decides (streamed: a large record is
   * not held). An empty file, one whose start is not JSON, or one where no record decides is {@link #CLAUDE_CODE},
   * whose reader reports every bad line.
   *
   * @throws IOException when the file cannot be read
   */
  public static TranscriptFormat of(Path file) throws IOException {
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), HEAD_CHARS)) {
      in.mark(HEAD_CHARS);
      byte[] head = in.readNBytes(HEAD_CHARS);
      in.reset();
      if (markdown(new String(head, 0, Math.min(head.length, OPENING_CHARS), StandardCharsets.UTF_8),
          () -> new String(head, StandardCharsets.UTF_8))) {
        return SPECSTORY_MARKDOWN;
      }
      return of(JSON.createParser(in));
    }
  }

  /** The format of the text {@code reader} holds, as {@link #of(Path)} tells it. */
  static TranscriptFormat of(Reader reader) throws IOException {
    BufferedReader in = new BufferedReader(reader, HEAD_CHARS);
    in.mark(HEAD_CHARS);
    char[] head = new char[HEAD_CHARS];
    int read = Math.max(0, in.read(head, 0, HEAD_CHARS));
    in.reset();
    if (markdown(new String(head, 0, Math.min(read, OPENING_CHARS)), () -> new String(head, 0, read))) {
      return SPECSTORY_MARKDOWN;
    }
    return of(JSON.createParser(in));
  }

  // A start that opens a JSON value is never decoded further: only a file that does not is looked at as Markdown.
  private static boolean markdown(String start, java.util.function.Supplier<String> head) {
    String s = start.stripLeading();
    return !s.isEmpty() && s.charAt(0) != '{' && s.charAt(0) != '[' && SpecStoryMarkdown.looksLike(head.get());
  }

  private static TranscriptFormat of(JsonParser parser) throws IOException {
    try (parser) {
      for (int record = 0; record < RECORDS_LOOKED_AT; record++) {
        JsonToken first = parser.nextToken();
        if (first == JsonToken.START_ARRAY) {
          return record == 0 ? MESSAGE_LIST : CLAUDE_CODE;
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
        Optional<TranscriptFormat> decided = of(keys, texts);
        if (decided.isPresent()) {
          return decided.get();
        }
      }
      return CLAUDE_CODE;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return CLAUDE_CODE; // not JSON: the Claude Code reader reports each line it cannot use
    }
  }

  /** The format {@code keys} (a record's top-level keys and their first tokens) say; empty when they do not decide. */
  private static Optional<TranscriptFormat> of(Map<String, JsonToken> keys, Map<String, String> texts) {
    String type = texts.getOrDefault("type", "");
    boolean messages = keys.get("messages") == JsonToken.START_ARRAY;
    if (keys.containsKey("payload") && CODEX_TYPES.contains(type)) {
      return Optional.of(CODEX);
    }
    if (keys.containsKey("sessionId") && keys.containsKey("projectHash")) {
      return Optional.of(messages ? GEMINI_DOCUMENT : GEMINI);
    }
    if (keys.containsKey("$set") || keys.containsKey("$rewindTo")
        || (keys.containsKey("id") && keys.containsKey("content") && !keys.containsKey("message")
            && GEMINI_MESSAGE_TYPES.contains(type))) {
      return Optional.of(GEMINI);
    }
    if (keys.get("info") == JsonToken.START_OBJECT && messages) {
      return Optional.of(OPENCODE_EXPORT);
    }
    if (keys.containsKey("role") && keys.get("message") == JsonToken.START_OBJECT && !keys.containsKey("type")) {
      return Optional.of(CURSOR);
    }
    if (messages && !keys.containsKey("type")) {
      return Optional.of(MESSAGE_LIST);
    }
    return CLAUDE_CODE_TYPES.contains(type) ? Optional.of(CLAUDE_CODE) : Optional.empty();
  }
}
