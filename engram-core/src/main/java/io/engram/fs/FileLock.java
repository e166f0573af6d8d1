package io.engram.fs;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An exclusive lock on a lock file, held against other threads and other processes alike.
 *
 * <p>The operating system lock ({@link FileChannel#lock()}) excludes other processes; a JVM-wide
 * {@link ReentrantLock} per path excludes other threads of this process, which the OS lock cannot
 * (the JVM throws on overlapping locks from one process). Use with try-with-resources.
 */
public final class FileLock implements AutoCloseable {
  private static final Map<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

  private final ReentrantLock threadLock;
  private final FileChannel channel;
  private final java.nio.channels.FileLock osLock;

  private FileLock(ReentrantLock threadLock, FileChannel channel, java.nio.channels.FileLock osLock) {
    this.threadLock = threadLock;
    this.channel = channel;
    this.osLock = osLock;
  }

  /** Blocks until the lock on {@code lockFile} is held, creating the file if needed. */
  public static FileLock acquire(Path lockFile) throws IOException {
    Path key = lockFile.toAbsolutePath().normalize();
    ReentrantLock threadLock = IN_PROCESS.computeIfAbsent(key, k -> new ReentrantLock());
    threadLock.lock();
    try {
      FileChannel channel = open(key);
      try {
        return new FileLock(threadLock, channel, channel.lock());
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      threadLock.unlock();
      throw e;
    }
  }

  /** Tries for the lock for at most {@code wait}; empty when another holder keeps it. */
  public static Optional<FileLock> tryAcquire(Path lockFile, Duration wait) throws IOException {
    Path key = lockFile.toAbsolutePath().normalize();
    ReentrantLock threadLock = IN_PROCESS.computeIfAbsent(key, k -> new ReentrantLock());
    try {
      if (!threadLock.tryLock(wait.toMillis(), TimeUnit.MILLISECONDS)) {
        return Optional.empty();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
    long deadline = System.nanoTime() + wait.toNanos();
    try {
      FileChannel channel = open(key);
      try {
        do {
          java.nio.channels.FileLock os = channel.tryLock();
          if (os != null) {
            return Optional.of(new FileLock(threadLock, channel, os));
          }
          Thread.sleep(10);
        } while (System.nanoTime() < deadline);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      channel.close();
      threadLock.unlock();
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      threadLock.unlock();
      throw e;
    }
  }

  private static FileChannel open(Path lockFile) throws IOException {
    Files.createDirectories(lockFile.getParent());
    // Never through a link: a lock file linked elsewhere would have the lock create or touch that file.
    if (Files.isSymbolicLink(lockFile)) {
      throw new IOException(SymbolicLinks.refusal(lockFile));
    }
    return FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        java.nio.file.LinkOption.NOFOLLOW_LINKS);
  }

  @Override
  public void close() throws IOException {
    try {
      osLock.release();
      channel.close();
    } finally {
      threadLock.unlock();
    }
  }
}
