package io.engram.levels;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.compaction.CompactionResult;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.SessionDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The prepared compaction of each session on disk: {@code <home>/sessions/<id>/prepared-compaction.json},
 * written atomically under {@code prepared-compaction.lock}. A file that cannot be read counts as none: it
 * only costs a compaction computed again.
 */
final class PreparedStore {
  private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

  private final Path home;

  PreparedStore(Path home) {
    this.home = home;
  }

  Path file(String sessionId) {
    return SessionDirectory.of(home, sessionId).resolve("prepared-compaction.json");
  }

  Optional<PreparedCompaction> read(String sessionId) {
    Path file = file(sessionId);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(file.toFile(), PreparedCompaction.class));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  PreparedCompaction write(String sessionId, int segment, int messages, String lastUuid, int percent,
      Instant at, CompactionResult result) throws IOException {
    PreparedCompaction prepared = new PreparedCompaction(sessionId, segment, messages, lastUuid, percent,
        at.toString(), result.answeredBy().engineId(), result.summary(), JSON.valueToTree(result));
    Path file = file(sessionId);
    Files.createDirectories(file.getParent());
    try (FileLock held = FileLock.acquire(file.resolveSibling("prepared-compaction.lock"))) {
      AtomicFiles.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(prepared) + "\n");
    }
    return prepared;
  }
}
