package io.engram.recall;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.SessionDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * What recall has sent in one session, persisted so that the session budget and the no-repeat rule hold
 * across processes (each hook call or command is a new JVM). Kept at
 * {@code <home>/sessions/<session>/recall-state.json}, changed only under the lock beside it.
 *
 * @param surfaced names of the memories sent in the session, in the order sent
 * @param bytes bytes sent in the session
 */
record RecallSessionState(List<String> surfaced, int bytes) {
  private static final ObjectMapper JSON = new ObjectMapper();
  static final RecallSessionState NEW = new RecallSessionState(List.of(), 0);
  static final Duration LOCK_WAIT = Duration.ofSeconds(2);

  RecallSessionState {
    surfaced = List.copyOf(surfaced);
  }

  RecallSessionState plus(List<String> names, int moreBytes) {
    LinkedHashSet<String> all = new LinkedHashSet<>(surfaced);
    all.addAll(names);
    return new RecallSessionState(List.copyOf(all), bytes + moreBytes);
  }

  /** The recall state of {@code sessionId}: {@code <home>/sessions/<id>/recall-state.json}; unsafe ids are refused. */
  static Path file(Path home, String sessionId) {
    return SessionDirectory.of(home, sessionId).resolve("recall-state.json");
  }

  /** Runs {@code change} on the stored state under the session's lock and stores what it returns. */
  static <T> T update(Path file, Change<T> change) throws IOException {
    Files.createDirectories(file.getParent());
    Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
    Optional<FileLock> lock = FileLock.tryAcquire(lockFile, LOCK_WAIT);
    if (lock.isEmpty()) {
      throw new IOException("another recall of this session holds " + lockFile + " for over "
          + LOCK_WAIT.toSeconds() + " s; try again");
    }
    try (FileLock held = lock.get()) {
      RecallSessionState before = read(file);
      Change.Result<T> result = change.apply(before);
      if (!result.state().equals(before)) {
        AtomicFiles.writeString(file, JSON.writeValueAsString(result.state()));
      }
      return result.value();
    }
  }

  static RecallSessionState read(Path file) {
    if (!Files.exists(file)) {
      return NEW;
    }
    try {
      return JSON.readValue(file.toFile(), RecallSessionState.class);
    } catch (IOException | RuntimeException e) {
      // A damaged state file only costs repeats; recall goes on with a fresh session.
      return NEW;
    }
  }

  /** A change of state that also produces a value. */
  @FunctionalInterface
  interface Change<T> {
    /** The new state and the value to hand back. */
    record Result<T>(RecallSessionState state, T value) {}

    Result<T> apply(RecallSessionState before) throws IOException;
  }
}
