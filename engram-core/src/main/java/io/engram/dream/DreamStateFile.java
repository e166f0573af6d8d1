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
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * The dream's small state file, {@code <memory>/.dream/state.json}: the last consolidation time and
 * the sessions that touched memory since.
 *
 * <p>Every change is a read-modify-write under the {@link FileLock} {@code .dream/state.lock} and an
 * {@link AtomicFiles} replace, so concurrent session ends never lose a count. Format:
 * {@code {"lastConsolidation":"2026-05-12T10:00:00Z","sessionsSince":{"<session-id>":"<instant>"}}}.
 */
final class DreamStateFile {
  /** The state file, relative to the memory directory. */
  public static final String STATE_FILE = ".dream/state.json";

  static final String STATE_LOCK = ".dream/state.lock";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final Path lock;

  /** The state file of the memory directory {@code memoryDir}. */
  public DreamStateFile(Path memoryDir) {
    this.file = memoryDir.resolve(STATE_FILE);
    this.lock = memoryDir.resolve(STATE_LOCK);
  }

  /** Reads the state; {@link DreamState#EMPTY} when no file exists yet. */
  public DreamState read() throws IOException {
    if (!Files.exists(file)) {
      return DreamState.EMPTY;
    }
    return parse(Files.readString(file));
  }

  /** Records that {@code sessionId} touched memory at {@code at}; a session counts once. */
  public DreamState recordSession(String sessionId, Instant at) throws IOException {
    if (sessionId.isBlank()) {
      throw new IllegalArgumentException("dream state: a session id must not be blank");
    }
    try (FileLock held = FileLock.acquire(lock)) {
      DreamState current = read();
      Map<String, Instant> sessions = new HashMap<>(current.sessionsSince());
      sessions.merge(sessionId, at, (a, b) -> a.isAfter(b) ? a : b);
      DreamState next = new DreamState(current.lastConsolidation(), sessions);
      write(next);
      return next;
    }
  }

  /**
   * Stamps a consolidation that started at {@code startedAt} and finished cleanly at {@code
   * finishedAt}: the sessions recorded before the start are consumed; those that touched memory
   * while the dream ran still count towards the next one.
   */
  public DreamState stampConsolidation(Instant startedAt, Instant finishedAt) throws IOException {
    try (FileLock held = FileLock.acquire(lock)) {
      DreamState current = read();
      Map<String, Instant> kept = new HashMap<>();
      current.sessionsSince().forEach((id, at) -> {
        if (at.isAfter(startedAt)) {
          kept.put(id, at);
        }
      });
      DreamState next = new DreamState(Optional.of(finishedAt), kept);
      write(next);
      return next;
    }
  }

  private void write(DreamState state) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    state.lastConsolidation().ifPresent(at -> root.put("lastConsolidation", at.toString()));
    ObjectNode sessions = root.putObject("sessionsSince");
    state.sessionsSince().forEach((id, at) -> sessions.put(id, at.toString()));
    AtomicFiles.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
  }

  private DreamState parse(String text) throws IOException {
    try {
      JsonNode root = JSON.readTree(text);
      if (root == null || !root.isObject()) {
        throw new IOException(file + ": dream state is not a JSON object");
      }
      Optional<Instant> last =
          Optional.ofNullable(root.get("lastConsolidation")).map(n -> Instant.parse(n.asText()));
      Map<String, Instant> sessions = new HashMap<>();
      JsonNode node = root.path("sessionsSince");
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        sessions.put(e.getKey(), Instant.parse(e.getValue().asText()));
      }
      return new DreamState(last, sessions);
    } catch (JsonProcessingException | DateTimeParseException e) {
      throw new IOException(file + ": unreadable dream state (" + e.getMessage() + ")", e);
    }
  }
}
