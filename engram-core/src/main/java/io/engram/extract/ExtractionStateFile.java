package io.engram.extract;

import io.engram.transcript.TranscriptCheckpoint;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.SessionDirectory;
import io.engram.transcript.TranscriptPosition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** {@code <home>/sessions/<session-id>/extraction-state.json}, written atomically under {@code extraction.lock}. */
final class ExtractionStateFile {
  static final String STATE_FILE = "extraction-state.json";
  private static final String LOCK_FILE = "extraction.lock";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path home;

  ExtractionStateFile(Path home) {
    this.home = home;
  }

  FileLock lock(String sessionId) throws IOException {
    Path dir = SessionDirectory.of(home, sessionId);
    Files.createDirectories(dir);
    return FileLock.acquire(dir.resolve(LOCK_FILE));
  }

  Optional<ExtractionState> read(String sessionId) throws IOException {
    Path file = SessionDirectory.of(home, sessionId).resolve(STATE_FILE);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      JsonNode root = JSON.readTree(Files.readString(file));
      if (root == null || !root.path("processedMessages").isInt() || !root.hasNonNull("updatedAt")) {
        throw new IOException(file + ": extraction state needs processedMessages and updatedAt");
      }
      return Optional.of(new ExtractionState(sessionId, root.get("processedMessages").asInt(),
          Optional.ofNullable(root.get("lastUuid")).map(JsonNode::asText),
          Instant.parse(root.get("updatedAt").asText()), root.path("runs").asInt(0), readPoint(root)));
    } catch (JsonProcessingException | DateTimeParseException | IllegalArgumentException e) {
      throw new IOException(file + ": unreadable extraction state (" + e.getMessage() + ")", e);
    }
  }

  // Absent in state written before passes read by offset, or by a pass over a transcript given whole.
  private static Optional<TranscriptCheckpoint> readPoint(JsonNode root) {
    if (!root.path("readBytes").canConvertToLong() || !root.path("readLines").canConvertToInt()
        || !root.path("readChecksum").canConvertToLong()) {
      return Optional.empty();
    }
    return Optional.of(new TranscriptCheckpoint(new TranscriptPosition(root.get("readBytes").asLong(),
        root.get("readLines").asInt()), root.get("readChecksum").asLong()));
  }

  void write(ExtractionState state) throws IOException {
    Path dir = SessionDirectory.of(home, state.sessionId());
    Files.createDirectories(dir);
    ObjectNode root = JSON.createObjectNode();
    root.put("sessionId", state.sessionId());
    root.put("processedMessages", state.processedMessages());
    state.lastUuid().ifPresent(u -> root.put("lastUuid", u));
    root.put("updatedAt", state.updatedAt().toString());
    root.put("runs", state.runs());
    state.readPoint().ifPresent(p -> {
      root.put("readBytes", p.position().byteOffset());
      root.put("readLines", p.position().lineNumber());
      root.put("readChecksum", p.checksum());
    });
    AtomicFiles.writeString(dir.resolve(STATE_FILE), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
  }
}
