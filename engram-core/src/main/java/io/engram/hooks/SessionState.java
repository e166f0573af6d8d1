package io.engram.hooks;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
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
import java.util.Set;

/**
 * What the hooks remember about one session between calls: the memories already surfaced and their
 * bytes (recall never repeats one in a session and stays within the session budget), and whether a
 * notes handover is pending. Kept at {@code <home>/sessions/<session>/hook-state.json}; where extraction and the
 * notes got to is kept by their own passes.
 *
 * @param surfaced names of memories already injected in this session
 * @param recallBytes bytes of memory injected so far
 * @param handoverPending true when a PreCompact asked the next SessionStart to re-inject the notes
 */
@JsonIgnoreProperties(ignoreUnknown = true) // state files of older versions carried more fields
record SessionState(List<String> surfaced, int recallBytes, boolean handoverPending) {
  private static final ObjectMapper JSON = new ObjectMapper();
  static final SessionState NEW = new SessionState(List.of(), 0, false);

  SessionState {
    surfaced = List.copyOf(surfaced);
  }

  Set<String> surfacedSet() {
    return new LinkedHashSet<>(surfaced);
  }

  SessionState withSurfaced(List<String> names, int bytes) {
    Set<String> all = surfacedSet();
    all.addAll(names);
    return new SessionState(List.copyOf(all), recallBytes + bytes, handoverPending);
  }

  SessionState withHandover(boolean pending) {
    return new SessionState(surfaced, recallBytes, pending);
  }

  /** The hook state of {@code sessionId}: {@code <home>/sessions/<id>/hook-state.json}; unsafe ids are refused. */
  static Path file(Path home, String sessionId) {
    return SessionDirectory.of(home, sessionId).resolve("hook-state.json");
  }

  /** Runs {@code change} on the stored state under the session's lock and stores the result. */
  static SessionState update(Path file, Duration wait, Change change) throws IOException {
    Files.createDirectories(file.getParent());
    Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
    Optional<FileLock> lock = FileLock.tryAcquire(lockFile, wait);
    if (lock.isEmpty()) {
      throw new IOException("another hook of this session holds " + lockFile + "; skipped to avoid blocking");
    }
    try (FileLock held = lock.get()) {
      SessionState before = read(file);
      SessionState after = change.apply(before);
      if (!after.equals(before)) {
        AtomicFiles.writeString(file, JSON.writeValueAsString(after));
      }
      return after;
    }
  }

  static SessionState read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return NEW;
    }
    try {
      return JSON.readValue(file.toFile(), SessionState.class);
    } catch (IOException e) {
      // A damaged state file only costs repeats; it is rebuilt rather than blocking the session.
      return NEW;
    }
  }

  /** A change of state that may do I/O. */
  @FunctionalInterface
  interface Change {
    SessionState apply(SessionState before) throws IOException;
  }
}
