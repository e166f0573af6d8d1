package io.engram.dream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * Engram's own record of where each session's transcript is, {@code <memory>/.dream/transcripts.json}
 * ({@code {"<session-id>": "/abs/path.jsonl"}}): a hook or an agent adapter calls {@link #record} when a
 * session ends (next to {@link DreamStateFile#recordSession}); the dream's gather phase reads the
 * transcripts of the sessions counted since the last consolidation, besides those in Claude Code's
 * project directory. Read-modify-write under the {@link FileLock} {@code .dream/transcripts.lock}.
 */
public final class SessionTranscripts {
  /** The record, relative to the memory directory. */
  public static final String FILE = ".dream/transcripts.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final Path lock;

  /** The record of the memory directory {@code memoryDir}. */
  public SessionTranscripts(Path memoryDir) {
    this.file = memoryDir.resolve(FILE);
    this.lock = memoryDir.resolve(".dream/transcripts.lock");
  }

  /** Records that the transcript of {@code sessionId} is at {@code transcript} (made absolute). */
  public void record(String sessionId, Path transcript) throws IOException {
    if (sessionId.isBlank()) {
      throw new IllegalArgumentException("session transcripts: a session id must not be blank");
    }
    io.engram.fs.SymbolicLinks.refuseBelow(file.getParent().getParent(), file);
    try (FileLock held = FileLock.acquire(lock)) {
      Map<String, Path> all = new TreeMap<>(read());
      all.put(sessionId, transcript.toAbsolutePath().normalize());
      ObjectNode root = JSON.createObjectNode();
      all.forEach((id, p) -> root.put(id, p.toString()));
      AtomicFiles.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
    }
  }

  /** Session id to transcript path; empty when nothing was recorded. */
  public Map<String, Path> read() throws IOException {
    Map<String, Path> out = new TreeMap<>();
    if (!Files.exists(file)) {
      return out;
    }
    try {
      JsonNode root = JSON.readTree(Files.readString(file));
      if (root == null || !root.isObject()) {
        throw new IOException(file + ": not a JSON object of session id to transcript path");
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        out.put(e.getKey(), Path.of(e.getValue().asText()));
      }
      return out;
    } catch (JsonProcessingException e) {
      throw new IOException(file + ": unreadable session transcripts record (" + e.getOriginalMessage() + ")", e);
    }
  }
}
