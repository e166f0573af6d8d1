package io.engram.transcript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Claude Code session transcripts ({@code ~/.claude/projects/<sanitized>/<session>.jsonl}).
 *
 * <p>One pass over the lines, one JSON tree per line: a large file is never held twice. User and
 * assistant records become messages, each with its {@link MessageKind} ({@link MessageClassifier}, plus what only
 * the record shows: the text a slash command or a skill expanded to follows the command or names the call that
 * loaded it); a user record that carries tool results and text typed while the tools ran becomes two messages, the
 * results and the text. {@code system} records with subtype {@code compact_boundary} become {@link
 * CompactionBoundary compaction boundaries}; {@code summary} records give titles. A prompt typed while the agent
 * was busy is a {@code queue-operation} {@code enqueue}: when it is then {@code remove}d it reached the model
 * mid-turn and becomes a message there; when it is {@code dequeue}d, or a user record with its text follows, that
 * record holds it; {@code popAll} took it back into the input box; one still queued at the end of the file becomes
 * a message at the end, a {@link MessageKind#QUEUED_PROMPT}: not delivered yet. What the harness queues itself, a JSON object (a background task started), is a task
 * notification, never the person's. Every other record type ({@code progress}, {@code file-history-snapshot}, types
 * not yet invented) is counted and skipped. A line that is not JSON, not an object, has no type or a user/assistant record
 * without a message object is a {@link ReadProblem} with its line number; reading goes on.
 */
public final class TranscriptReader {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Pattern TRAILING_UUID =
      Pattern.compile("([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$");

  private TranscriptReader() {}

  /**
   * Reads a session file and the subagent transcripts Claude Code keeps beside it
   * ({@code <session>/subagents/*.jsonl}).
   *
   * @throws IOException when the file cannot be opened or read (not for bad lines)
   */
  public static Transcript read(Path file) throws IOException {
    Optional<String> unreadable = whyNotATranscript(file);
    if (unreadable.isPresent()) {
      throw new IOException(unreadable.get());
    }
    TranscriptFormat format = TranscriptFormat.of(file);
    String stem = stem(file);
    if (!format.linesAppended()) {
      return document(format, new String(Files.readAllBytes(file), StandardCharsets.UTF_8), stem);
    }
    Transcript main;
    try (Reader reader = open(file)) {
      main = read(reader, LineReader.of(format), stem);
    }
    Path subagentDir = file.resolveSibling(stem).resolve("subagents");
    if (format != TranscriptFormat.CLAUDE_CODE || !Files.isDirectory(subagentDir)) {
      return main;
    }
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(subagentDir, "*.jsonl")) {
      dir.forEach(files::add);
    }
    files.sort(null);
    List<Transcript> subagents = new ArrayList<>();
    for (Path sub : files) {
      try (Reader reader = open(sub)) {
        subagents.add(read(reader, new State(), stem));
      }
    }
    return main.withSubagents(subagents);
  }

  /**
   * Why {@code file} cannot be read as a transcript, when it cannot: it does not exist, it is a directory,
   * or it is not a regular file (a FIFO, socket or device such as {@code /dev/zero}, which could block or
   * never end). Checked before opening, so such a file is never opened.
   */
  public static Optional<String> whyNotATranscript(Path file) {
    if (Files.isRegularFile(file)) {
      return Optional.empty();
    }
    if (Files.isDirectory(file)) {
      return Optional.of("transcript " + file + " is a directory, not a transcript file");
    }
    if (Files.exists(file)) {
      return Optional.of("transcript " + file + " is not a regular file (a FIFO, socket or device); not read");
    }
    return Optional.of("transcript not found: " + file);
  }

  /**
   * Reads only the complete lines of {@code file} after {@code from}, one at a time: the cost and the
   * memory grow with what was appended since, not with the file. Subagent transcripts are not read.
   *
   * @throws IOException when the file cannot be read, is not a regular file, or is shorter than {@code from}
   *     (it was replaced or truncated: start again from {@link TranscriptPosition#START})
   */
  public static TranscriptTail readFrom(Path file, TranscriptPosition from) throws IOException {
    return readFrom(file, from, Long.MAX_VALUE);
  }

  /**
   * {@link #readFrom(Path, TranscriptPosition)}, stopping after the line that reaches {@code maxBytes} past
   * {@code from}: a caller that reads a long file in pieces holds one piece at a time.
   */
  public static TranscriptTail readFrom(Path file, TranscriptPosition from, long maxBytes) throws IOException {
    Optional<String> unreadable = whyNotATranscript(file);
    if (unreadable.isPresent()) {
      throw new IOException(unreadable.get());
    }
    TranscriptFormat format = TranscriptFormat.of(file);
    if (!format.linesAppended()) {
      return wholeDocument(file, format, from);
    }
    LineReader state = LineReader.of(format);
    long offset = from.byteOffset();
    int lineNumber = from.lineNumber();
    try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file)) {
      if (channel.size() < offset) {
        throw new IOException("transcript " + file + " is " + channel.size() + " bytes, shorter than the "
            + offset + " already read: it was replaced or truncated");
      }
      // An earlier reading that took a last line without its line end ends there: the line end, when it comes, closes
      // that line and is no line of its own.
      boolean lineOpen = offset > 0 && byteAt(channel, offset - 1) != '\n';
      channel.position(offset);
      java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(1 << 16);
      java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream(1 << 12);
      long stopAt = maxBytes >= Long.MAX_VALUE - offset ? Long.MAX_VALUE : offset + Math.max(1, maxBytes);
      while (offset < stopAt && channel.read(buffer) > 0) {
        buffer.flip();
        byte[] bytes = buffer.array();
        int start = 0;
        for (int i = 0; i < buffer.limit() && offset < stopAt; i++) {
          if (bytes[i] != '\n') {
            continue;
          }
          line.write(bytes, start, i - start);
          start = i + 1;
          offset += line.size() + 1L;
          String text = line.toString(StandardCharsets.UTF_8);
          if (!(lineOpen && text.isBlank())) {
            lineNumber++;
          }
          lineOpen = false;
          if (!text.isBlank()) {
            state.accept(text, lineNumber);
          }
          line.reset();
        }
        line.write(bytes, start, buffer.limit() - start);
        buffer.clear();
      }
      // The file's last line without a line end: still being written, unless it is already a whole JSON object or
      // array (a cut one never parses, as its closing bracket is missing), as a file an agent finished may end.
      if (line.size() > 0 && offset < stopAt && offset + line.size() == channel.size()) {
        String text = line.toString(StandardCharsets.UTF_8);
        if (text.indexOf('\n') < 0 && isWholeJson(text)) {
          lineNumber++;
          offset += line.size();
          state.accept(text, lineNumber);
        }
      }
    }
    return new TranscriptTail(state.transcript(stem(file)), from, new TranscriptPosition(offset, lineNumber));
  }

  private static byte byteAt(java.nio.channels.FileChannel channel, long position) throws IOException {
    java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
    return channel.read(one, position) == 1 ? one.get(0) : (byte) '\n';
  }

  private static boolean isWholeJson(String text) {
    String t = text.strip();
    if (t.isEmpty() || (t.charAt(0) != '{' && t.charAt(0) != '[')) {
      return false;
    }
    try (com.fasterxml.jackson.core.JsonParser parser = MAPPER.getFactory().createParser(t)) {
      parser.nextToken();
      parser.skipChildren();
      return parser.nextToken() == null;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * A document format read on: from its start it is read whole; a point after its start holds only while nothing
   * was written since (an agent rewrites the whole document, so a changed one fails its checkpoint first).
   */
  private static TranscriptTail wholeDocument(Path file, TranscriptFormat format, TranscriptPosition from)
      throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    TranscriptPosition end = new TranscriptPosition(bytes.length, 0);
    if (from.byteOffset() == 0) {
      return new TranscriptTail(document(format, new String(bytes, StandardCharsets.UTF_8), stem(file)), from, end);
    }
    if (from.byteOffset() == bytes.length) {
      return new TranscriptTail(Transcript.ofMessages(stem(file), List.of(), format.agent()), from, from);
    }
    throw new IOException("transcript " + file + " is one document (" + format.agent().displayName()
        + "), rewritten whole: it cannot be read on from byte " + from.byteOffset() + "; read it from its start");
  }

  /**
   * Reads JSONL from {@code reader}; {@code fallbackSessionId} is used when no record names its session.
   *
   * @throws IOException when reading fails (not for bad lines)
   */
  public static Transcript read(Reader reader, String fallbackSessionId) throws IOException {
    StringWriter text = new StringWriter();
    reader.transferTo(text);
    TranscriptFormat format = TranscriptFormat.of(new StringReader(text.toString()));
    if (!format.linesAppended()) {
      return document(format, text.toString(), fallbackSessionId);
    }
    return read(new StringReader(text.toString()), LineReader.of(format), fallbackSessionId);
  }

  private static Transcript read(Reader reader, LineReader state, String fallbackSessionId) throws IOException {
    BufferedReader lines = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
    int lineNumber = 0;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      lineNumber++;
      if (!line.isBlank()) {
        state.accept(line, lineNumber);
      }
    }
    return state.transcript(fallbackSessionId);
  }

  /** A session kept as one document: an OpenCode export, a Gemini CLI chat, a list of messages, SpecStory's Markdown. */
  private static Transcript document(TranscriptFormat format, String json, String sessionId) {
    if (format == TranscriptFormat.SPECSTORY_MARKDOWN) {
      return SpecStoryMarkdown.read(json, sessionId);
    }
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
      return switch (format) {
        case OPENCODE_EXPORT -> OpenCodeExport.read(root, sessionId);
        case GEMINI_DOCUMENT -> GeminiLines.document(root, sessionId);
        default -> MessageListReader.parse(json, sessionId);
      };
    } catch (JsonProcessingException e) {
      // Jackson places the end of input after a final line break, on a line the document does not have.
      int lines = (int) Math.max(1, json.lines().count());
      int line = e.getLocation() == null ? 1 : Math.max(1, Math.min(e.getLocation().getLineNr(), lines));
      return unread(sessionId, format, new ReadProblem(line, "not valid JSON: " + e.getOriginalMessage()));
    } catch (IllegalArgumentException e) {
      return unread(sessionId, format, new ReadProblem(1, e.getMessage()));
    }
  }

  private static Transcript unread(String sessionId, TranscriptFormat format, ReadProblem problem) {
    return new Transcript(sessionId, Optional.empty(), List.of(), List.of(), List.of(), List.of(), Map.of(),
        List.of(problem), format.agent());
  }

  // Invalid UTF-8 becomes U+FFFD instead of aborting the read: one bad byte must not lose a session.
  private static Reader open(Path file) throws IOException {
    return new BufferedReader(new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8));
  }

  /**
   * The session a file's name gives, for a source whose records do not: the name without its extension, or the
   * UUID it ends with ({@code rollout-2026-05-11T11-26-55-<uuid>}), never the whole name, which is not an id.
   */
  static String stem(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    Matcher uuid = TRAILING_UUID.matcher(stem);
    return uuid.find() ? uuid.group(1) : stem;
  }

  /** What has been read so far of a Claude Code session. */
  static final class State implements LineReader {
    final List<TranscriptMessage> messages = new ArrayList<>();
    final List<CompactionBoundary> boundaries = new ArrayList<>();
    final List<String> summaries = new ArrayList<>();
    final Map<String, Integer> recordCounts = new HashMap<>();
    final List<ReadProblem> problems = new ArrayList<>();
    /** Prompts queued while the agent was busy and not yet delivered, oldest first. */
    final java.util.ArrayDeque<TranscriptMessage> queued = new java.util.ArrayDeque<>();
    Optional<String> sessionId = Optional.empty();
    Optional<String> agentId = Optional.empty();

    // Prompts still queued at the end had not reached the agent yet: the latest word, so they end it, marked as not
    // delivered (the agent gets them after the cut; what it was doing is what came before).
    @Override
    public Transcript transcript(String fallbackSessionId) {
      for (TranscriptMessage q : queued) {
        messages.add(q.kind() == MessageKind.PROMPT ? q.toBuilder().kind(MessageKind.QUEUED_PROMPT).build() : q);
      }
      queued.clear();
      return new Transcript(sessionId.orElse(fallbackSessionId), agentId, messages, boundaries, List.of(), summaries,
          recordCounts, problems, CodingAgent.CLAUDE_CODE);
    }

    @Override
    public void accept(String line, int lineNumber) {
      JsonNode record;
      try {
        record = MAPPER.readTree(line);
      } catch (JsonProcessingException e) {
        problems.add(new ReadProblem(lineNumber, "not valid JSON: " + e.getOriginalMessage()));
        return;
      }
      if (record == null || !record.isObject()) {
        problems.add(new ReadProblem(lineNumber, "not a JSON object"));
        return;
      }
      String type = Records.text(record, "type").orElse("");
      if (type.isEmpty()) {
        problems.add(new ReadProblem(lineNumber, "record has no \"type\""));
        return;
      }
      recordCounts.merge(type, 1, Integer::sum);
      if (sessionId.isEmpty()) {
        sessionId = Records.text(record, "sessionId");
      }
      if (agentId.isEmpty()) {
        agentId = Records.text(record, "agentId");
      }
      switch (type) {
        case "user", "assistant" -> message(record, type, lineNumber);
        case "system" -> system(record, lineNumber);
        case "summary" -> Records.text(record, "summary").ifPresent(summaries::add);
        case "queue-operation" -> queued(record, lineNumber);
        default -> { } // progress, snapshots and future types carry no conversation
      }
    }

    /** A prompt typed while the agent was busy, or a background task's notice queued the same way. */
    private void queued(JsonNode record, int lineNumber) {
      switch (Records.text(record, "operation").orElse("")) {
        case "enqueue" -> {
          List<ContentBlock> blocks = Records.blocks(record.get("content"));
          if (blocks.stream().anyMatch(b -> !b.promptText().isBlank() || b instanceof ContentBlock.Other)) {
            queued.add(Records.queuedMessage(record, blocks, lineNumber));
          }
        }
        // Delivered into the running turn: the model read it here, and no user record will hold it. A
        // notice queued beside it comes as a user record of its own, so the person's prompt goes first.
        case "remove" -> {
          TranscriptMessage next = queued.stream().filter(q -> q.kind() == MessageKind.PROMPT).findFirst()
              .orElse(queued.peek());
          if (next != null) {
            queued.remove(next);
            messages.add(next);
          }
        }
        // Sent as the next prompt: the user record that follows holds it.
        case "dequeue" -> queued.poll();
        // Taken back into the input box, to be edited or dropped.
        case "popAll" -> queued.clear();
        default -> { }
      }
    }

    private void message(JsonNode record, String type, int lineNumber) {
      JsonNode message = record.get("message");
      if (message == null || !message.isObject()) {
        problems.add(new ReadProblem(lineNumber, type + " record without a message object"));
        return;
      }
      Role role = type.equals("assistant") ? Role.ASSISTANT : Role.USER;
      TranscriptMessage m = Records.message(record, message, role, lineNumber);
      if (role == Role.USER && m.isMeta() && m.kind() == MessageKind.SYSTEM_NOTICE
          && !m.text().strip().startsWith("<") && (record.hasNonNull("sourceToolUseID") || expands())) {
        m = m.toBuilder().kind(MessageKind.COMMAND_EXPANSION).build();
      }
      if (role == Role.USER && !queued.isEmpty()) {
        String said = m.text().strip();
        queued.removeIf(q -> q.text().strip().equals(said));
      }
      messages.addAll(Records.split(m));
    }

    // Whether the last message was a slash command, whose expansion comes next.
    private boolean expands() {
      return !messages.isEmpty() && messages.get(messages.size() - 1).kind() == MessageKind.SLASH_COMMAND;
    }

    private void system(JsonNode record, int lineNumber) {
      String subtype = Records.text(record, "subtype").orElse("");
      if (subtype.equals("compact_boundary")) {
        JsonNode meta = record.path("compactMetadata");
        boundaries.add(
            new CompactionBoundary(
                lineNumber,
                messages.size(),
                Records.text(record, "uuid"),
                Records.instant(record, "timestamp"),
                Records.text(meta, "trigger").orElse(""),
                meta.path("preTokens").isNumber()
                    ? Optional.of(meta.path("preTokens").asLong())
                    : Optional.empty()));
        return;
      }
      Optional<String> content = Records.text(record, "content");
      if (content.isPresent() && !content.get().isBlank()) {
        messages.add(Records.systemMessage(record, content.get(), lineNumber));
      }
    }
  }
}
