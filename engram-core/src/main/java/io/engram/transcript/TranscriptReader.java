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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a session transcript of any {@link CodingAgent}: the agent told by the file's content ({@link
 * TranscriptFormat#of}), then one reader per format; a Claude Code session ({@code
 * ~/.claude/projects/<sanitized>/<session>.jsonl}, {@code ClaudeCodeLines}) with the subagent transcripts it keeps
 * beside it.
 *
 * <p>One pass over the lines, one JSON tree per line: a large file is never held twice. A line a reader cannot use is
 * a {@link ReadProblem} with its line number; reading goes on. {@link #readFrom} reads only what was appended after a
 * {@link TranscriptPosition} ({@code AppendedLines}).
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
        subagents.add(read(reader, new ClaudeCodeLines(), stem));
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
    return AppendedLines.read(file, format, from, maxBytes);
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
      return unread(sessionId, format, new ReadProblem(line, JsonLines.invalid(e, false)));
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
}
