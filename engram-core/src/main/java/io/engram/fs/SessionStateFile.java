package io.engram.fs;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * A small JSON state file of one session (what the hooks or recall already sent), changed only by a
 * read-modify-write under the lock file beside it, so that separate processes of one session (each hook
 * call is a new JVM) never lose each other's changes.
 *
 * <p>The state is a cache of what was sent: a missing or damaged file reads as {@code fresh}, which
 * only costs repeats, rather than blocking the session.
 *
 * @param <S> the state, a Jackson-readable record with a value equality
 */
public final class SessionStateFile<S> {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  private final Class<S> type;
  private final S fresh;

  /** The state of type {@code type} in {@code file}, {@code fresh} when there is none yet. */
  public SessionStateFile(Path file, Class<S> type, S fresh) {
    this.file = Objects.requireNonNull(file, "file");
    this.type = Objects.requireNonNull(type, "type");
    this.fresh = Objects.requireNonNull(fresh, "fresh");
  }

  /** Where the state is kept. */
  public Path file() {
    return file;
  }

  /** The state now on disk; {@code fresh} when the file is missing or cannot be read as the state. */
  public S read() {
    if (!Files.exists(file)) {
      return fresh;
    }
    try {
      return JSON.readValue(file.toFile(), type);
    } catch (IOException | RuntimeException e) {
      return fresh;
    }
  }

  /**
   * Applies {@code change} to the stored state under the lock and stores the new state when it differs.
   *
   * @param wait how long to wait for another holder of the lock
   * @param busy the error message when the lock is still held after {@code wait}, given the lock file
   * @return the value {@code change} hands back
   * @throws IOException when the lock stays held, or the state cannot be written
   */
  public <T> T update(Duration wait, Function<Path, String> busy, Change<S, T> change) throws IOException {
    return update(wait, busy, change, Optional.empty());
  }

  /**
   * As {@link #update(Duration, Function, Change)}, but the new state is only renamed into place under the lock
   * (other processes and a killed one see it at once) and forced to disk by a task handed to {@code forceLater}
   * (a resident process runs it after it has answered): the state is a cache of what was sent, and a sync on a
   * hook's path costs more than the rest of the answer.
   */
  public <T> T update(Duration wait, Function<Path, String> busy, Change<S, T> change, Executor forceLater)
      throws IOException {
    return update(wait, busy, change, Optional.of(forceLater));
  }

  private <T> T update(Duration wait, Function<Path, String> busy, Change<S, T> change, Optional<Executor> forceLater)
      throws IOException {
    Files.createDirectories(file.getParent());
    Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
    Optional<FileLock> lock = FileLock.tryAcquire(lockFile, wait);
    if (lock.isEmpty()) {
      throw new IOException(busy.apply(lockFile));
    }
    try (FileLock held = lock.get()) {
      S before = read();
      Changed<S, T> result = change.apply(before);
      if (!result.state().equals(before)) {
        String text = JSON.writeValueAsString(result.state());
        if (forceLater.isEmpty()) {
          AtomicFiles.writeString(file, text);
        } else {
          AtomicFiles.writeStringUnforced(file, text);
          forceLater.get().execute(this::forceNow);
        }
      }
      return result.value();
    }
  }

  // A failed sync loses nothing while the machine runs; the executor reports it.
  private void forceNow() {
    try {
      AtomicFiles.force(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot sync " + file + ": " + e.getMessage(), e);
    }
  }

  /** A change of the state that also hands a value back to the caller. */
  @FunctionalInterface
  public interface Change<S, T> {
    /** The new state and the value to hand back, computed from the state before. */
    Changed<S, T> apply(S before) throws IOException;
  }

  /**
   * The outcome of a {@link Change}.
   *
   * @param state the state to store
   * @param value the value {@link #update} returns
   */
  public record Changed<S, T>(S state, T value) {
    public Changed {
      Objects.requireNonNull(state, "state");
    }
  }
}
