package io.engram.extract;

import io.engram.transcript.TranscriptCheckpoint;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.fs.FileLock;
import io.engram.fs.HomeLayout;
import io.engram.fs.SessionLedger;
import io.engram.transcript.TranscriptPosition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Where the extraction pass got to in a session: the {@code extraction} section of the session's ledger (an earlier
 * version kept it in {@code extraction-state.json}), written by a pass that holds the session's extraction lock, so
 * two passes never read the same turns.
 */
final class ExtractionStateFile {
  private static final SessionLedger.Section<JsonNode> SECTION = SessionLedger.Section.formerly(
      "extraction-state.json", "extraction", JsonNode.class, com.fasterxml.jackson.databind.node.NullNode.getInstance());
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path home;

  ExtractionStateFile(Path home) {
    this.home = home;
  }

  FileLock lock(String sessionId) throws IOException {
    HomeLayout.Session session = HomeLayout.of(home).session(sessionId);
    Files.createDirectories(session.dir());
    return FileLock.acquire(session.extractionLock());
  }

  Optional<ExtractionState> read(String sessionId) throws IOException {
    SessionLedger ledger = SessionLedger.of(home, sessionId);
    JsonNode root = ledger.read(SECTION);
    if (root == null || root.isNull() || root.isMissingNode()) {
      return Optional.empty();
    }
    Path file = ledger.file();
    try {
      if (!root.path("processedMessages").isInt() || !root.hasNonNull("updatedAt")) {
        throw new IOException(file + ": extraction state needs processedMessages and updatedAt");
      }
      return Optional.of(new ExtractionState(sessionId, root.get("processedMessages").asInt(),
          Optional.ofNullable(root.get("lastUuid")).map(JsonNode::asText),
          Instant.parse(root.get("updatedAt").asText()), root.path("runs").asInt(0), readPoint(root)));
    } catch (DateTimeParseException | IllegalArgumentException e) {
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

  /**
   * Records {@code state}, waiting up to {@code ledgerWait} (extraction.ledgerWaitMillis) for another call of the
   * session that holds the ledger: never for long, as the pass holds the extraction lock, and a call holds the
   * ledger's only while it writes.
   */
  void write(ExtractionState state, java.time.Duration ledgerWait) throws IOException {
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
    SessionLedger ledger = SessionLedger.of(home, state.sessionId());
    ledger.update(ledgerWait, lock -> "another call of session " + state.sessionId() + " holds " + lock
        + "; where extraction got to was not recorded", sections -> {
          sections.put(SECTION, root);
          return null;
        });
  }
}
