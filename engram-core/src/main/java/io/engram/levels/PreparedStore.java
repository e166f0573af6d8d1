package io.engram.levels;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.compaction.CompactionResult;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.HomeLayout;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The prepared compaction of each session on disk: {@code <home>/sessions/<id>/prepared-compaction.json} and its
 * restart text, {@code restart-context.md}, written atomically under {@code prepared-compaction.lock}. A file that cannot be read counts as none: it
 * only costs a compaction computed again.
 */
final class PreparedStore {
  private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

  private static final SecretRedactor REDACTOR = SecretRedactor.standard();

  private final HomeLayout home;

  PreparedStore(Path home) {
    this.home = HomeLayout.of(home);
  }

  Path file(String sessionId) {
    return home.session(sessionId).preparedCompaction();
  }

  /** Where the restart text of the prepared compaction is kept ({@code RestartContext}). */
  Path restartFile(String sessionId) {
    return home.session(sessionId).restartContext();
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
      Instant at, CompactionResult result, String restartText) throws IOException {
    PreparedCompaction prepared = new PreparedCompaction(sessionId, segment, messages, lastUuid, percent,
        at.toString(), result.answeredBy().engineId(), result.summary(), JSON.valueToTree(result));
    Path file = file(sessionId);
    Files.createDirectories(file.getParent());
    try (FileLock held = FileLock.acquire(home.session(sessionId).preparedLock())) {
      // Summaries quote the session and the restart text holds files: secrets go before anything is written.
      AtomicFiles.writeString(restartFile(sessionId), REDACTOR.redact(restartText).text());
      AtomicFiles.writeString(file,
          REDACTOR.redact(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(prepared)).text() + "\n");
    }
    return read(sessionId).orElse(prepared);
  }
}
