package io.engram.dream;

import io.engram.config.DreamSettings;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The dream's run lock, the file {@code .consolidate-lock} in the memory directory.
 *
 * <p>Between runs the lock is empty and its modification time is the finish of the last clean
 * consolidation. A run writes its PID and the previous mtime into it ({@link LockBody}). A clean
 * finish ({@link #commit}) stamps the {@link DreamStateFile} and sets the mtime to the finish time;
 * a failed run ({@link #close} without commit) rolls the mtime back, so the next session retries. A
 * process that dies mid-run leaves its PID behind; the next {@link #tryAcquire} sees that the PID is
 * dead (or reused by a process that started later), rolls the mtime back and takes the lock.
 *
 * <p>A lock is honoured only while its holder is proven alive and recent: the PID is alive, the lock
 * records the holder's process start and it matches the live process's, and the run started less than
 * {@code dream.lockMaxAgeSeconds} ago. A lock with a bare PID (as Claude Code writes it, or {@code 1} written
 * by anyone) proves no process start and dates from the file's modification time, so it lasts at most that
 * age however long its PID lives. A
 * run stops planning at {@code dream.timeBudgetSeconds}, well inside that age, so an older lock belongs to a
 * hung or abandoned run and is taken over.
 *
 * <p>Checks and changes of the lock file happen under the short {@link FileLock} {@code
 * .dream/lock.guard}, so two sessions never both take the lock.
 */
final class ConsolidationLock implements AutoCloseable {
  static final String GUARD = ".dream/lock.guard";
  /** The locks this JVM holds, as lock file and body: two runs of one process are told apart by their start. */
  private static final Set<String> HELD_HERE = ConcurrentHashMap.newKeySet();

  private final Path memoryDir;
  private final Path lockFile;
  private final LockBody body;
  private boolean finished;

  private ConsolidationLock(Path memoryDir, Path lockFile, LockBody body) {
    this.memoryDir = memoryDir;
    this.lockFile = lockFile;
    this.body = body;
  }

  /**
   * Takes the lock for a run starting at {@code now}, recovering a stale one first; empty when a
   * live run holds it.
   */
  public static Optional<ConsolidationLock> tryAcquire(
      Path memoryDir, DreamSettings settings, Instant now) throws IOException {
    Path lockFile = lockFile(memoryDir, settings);
    try (FileLock guard = FileLock.acquire(memoryDir.resolve(GUARD))) {
      LockStatus status = inspect(lockFile, settings, now);
      if (status instanceof LockStatus.Held) {
        return Optional.empty();
      }
      if (status instanceof LockStatus.Stale) {
        rollBack(lockFile, status.lastConsolidation());
      }
      Optional<Instant> previous = mtime(lockFile);
      ProcessHandle self = ProcessHandle.current();
      LockBody body = new LockBody(self.pid(), now, self.info().startInstant(), previous);
      AtomicFiles.writeString(lockFile, body.render());
      HELD_HERE.add(key(lockFile, body));
      return Optional.of(new ConsolidationLock(memoryDir, lockFile, body));
    }
  }

  /** Reports whether the lock is free, held by a live run, or left stale by a dead one, as of now. */
  public static LockStatus status(Path memoryDir, DreamSettings settings) throws IOException {
    return status(memoryDir, settings, Instant.now());
  }

  /** Reports whether the lock is free, held by a live and recent run, or stale, as of {@code now}. */
  public static LockStatus status(Path memoryDir, DreamSettings settings, Instant now) throws IOException {
    Path lockFile = lockFile(memoryDir, settings);
    try (FileLock guard = FileLock.acquire(memoryDir.resolve(GUARD))) {
      return inspect(lockFile, settings, now);
    }
  }

  /**
   * Rolls back a stale lock left by a dead run, if there is one; true when it recovered one. {@link
   * #tryAcquire} does this itself; a session start may call it to restore the mtime early.
   */
  public static boolean recoverStale(Path memoryDir, DreamSettings settings) throws IOException {
    Path lockFile = lockFile(memoryDir, settings);
    try (FileLock guard = FileLock.acquire(memoryDir.resolve(GUARD))) {
      LockStatus status = inspect(lockFile, settings, Instant.now());
      if (status instanceof LockStatus.Stale) {
        rollBack(lockFile, status.lastConsolidation());
        return true;
      }
      return false;
    }
  }

  /** When this run started. */
  public Instant startedAt() {
    return body.startedAt();
  }

  /** The lock's mtime before this run: the previous clean consolidation, if any. */
  public Optional<Instant> previousConsolidation() {
    return body.previousMtime();
  }

  /**
   * Marks a clean finish at {@code finishedAt}: stamps the state file, empties the lock and sets its
   * mtime to the finish, then releases it.
   */
  public void commit(Instant finishedAt) throws IOException {
    if (finished) {
      throw new IllegalStateException("consolidation lock " + lockFile + " already released");
    }
    try (FileLock guard = FileLock.acquire(memoryDir.resolve(GUARD))) {
      new DreamStateFile(memoryDir).stampConsolidation(body.startedAt(), finishedAt);
      if (ours()) {
        AtomicFiles.writeString(lockFile, "");
        Files.setLastModifiedTime(lockFile, FileTime.from(finishedAt));
      }
    } finally {
      finished = true;
      HELD_HERE.remove(key(lockFile, body));
    }
  }

  /** Releases the lock; without a prior {@link #commit} the run failed and the mtime rolls back. */
  @Override
  public void close() throws IOException {
    if (finished) {
      return;
    }
    try (FileLock guard = FileLock.acquire(memoryDir.resolve(GUARD))) {
      if (ours()) {
        rollBack(lockFile, body.previousMtime());
      }
    } finally {
      finished = true;
      HELD_HERE.remove(key(lockFile, body));
    }
  }

  /**
   * True while the lock file still holds this run's body: a run past {@code dream.lockMaxAgeSeconds} may
   * have been taken over, and then the lock is the new holder's to release.
   */
  boolean stillHeld() throws IOException {
    try (FileLock guard = FileLock.acquire(memoryDir.resolve(GUARD))) {
      return ours();
    }
  }

  private boolean ours() throws IOException {
    return Files.exists(lockFile) && Files.readString(lockFile).equals(body.render());
  }

  static Path lockFile(Path memoryDir, DreamSettings settings) {
    return memoryDir.resolve(settings.lockFileName());
  }

  private static LockStatus inspect(Path lockFile, DreamSettings settings, Instant now) throws IOException {
    if (!Files.exists(lockFile)) {
      return new LockStatus.Free(Optional.empty());
    }
    Optional<LockBody> parsed = LockBody.parse(Files.readString(lockFile), mtime(lockFile).orElse(now));
    if (parsed.isEmpty()) {
      return new LockStatus.Free(mtime(lockFile));
    }
    LockBody b = parsed.get();
    boolean recent = Duration.between(b.startedAt(), now).toSeconds() < settings.lockMaxAgeSeconds();
    if (recent && alive(b, lockFile)) {
      return new LockStatus.Held(b.pid(), b.startedAt(), b.previousMtime());
    }
    return new LockStatus.Stale(b.pid(), b.startedAt(), b.previousMtime());
  }

  private static boolean alive(LockBody b, Path lockFile) {
    ProcessHandle self = ProcessHandle.current();
    if (b.pid() == self.pid()) {
      // Our own PID: held only if a lock object of this JVM still owns it; otherwise it was left
      // behind by a run of this process that never released it.
      return HELD_HERE.contains(key(lockFile, b));
    }
    Optional<ProcessHandle> handle = ProcessHandle.of(b.pid()).filter(ProcessHandle::isAlive);
    if (handle.isEmpty()) {
      return false;
    }
    Optional<Instant> actualStart = handle.get().info().startInstant();
    if (b.processStart().isEmpty() || actualStart.isEmpty()) {
      // Nothing tells the holder from another process that has its PID now (pid 1 is always alive): only the
      // age limit stands between such a lock and a takeover.
      return true;
    }
    // A different process that reuses the PID started after the holder did.
    return Duration.between(b.processStart().get(), actualStart.get()).abs().toSeconds() < 2;
  }

  private static void rollBack(Path lockFile, Optional<Instant> previous) throws IOException {
    if (previous.isEmpty()) {
      Files.deleteIfExists(lockFile);
      return;
    }
    AtomicFiles.writeString(lockFile, "");
    Files.setLastModifiedTime(lockFile, FileTime.from(previous.get()));
  }

  private static Optional<Instant> mtime(Path file) throws IOException {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    return Optional.of(Files.getLastModifiedTime(file).toInstant());
  }

  private static String key(Path lockFile, LockBody body) {
    return lockFile.toAbsolutePath().normalize() + "\n" + body.render();
  }
}
