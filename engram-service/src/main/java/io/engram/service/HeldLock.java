package io.engram.service;

import io.engram.fs.FileLock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;

/**
 * A file lock held for as long as the service lives, by a thread of its own: {@link FileLock} must be
 * released by the thread that took it, and the service may be stopped from any thread. The operating system
 * releases it when the process dies, however it dies.
 */
final class HeldLock {
  private final CountDownLatch release = new CountDownLatch(1);
  private final CompletableFuture<Void> released = new CompletableFuture<>();

  private HeldLock() {}

  /** The lock on {@code file}, or empty when another holder has it. */
  static Optional<HeldLock> tryHold(Path file) throws IOException {
    HeldLock held = new HeldLock();
    CompletableFuture<Boolean> taken = new CompletableFuture<>();
    Thread holder = new Thread(() -> held.hold(file, taken), "engram-service-lock");
    holder.setDaemon(true);
    holder.start();
    try {
      return taken.get() ? Optional.of(held) : Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while taking " + file, e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
  }

  private void hold(Path file, CompletableFuture<Boolean> taken) {
    try (FileLock lock = FileLock.tryAcquire(file, Duration.ZERO).orElse(null)) {
      taken.complete(lock != null);
      if (lock != null) {
        release.await();
      }
    } catch (IOException | RuntimeException e) {
      taken.completeExceptionally(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      released.complete(null);
    }
  }

  /** Lets the lock go and waits until it has. */
  void release() {
    release.countDown();
    released.join();
  }
}
