package io.engram.hosted;

import io.engram.extract.ExtractionReport;
import io.engram.extract.ExtractionReport.MessagesRead;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.transcript.Transcript;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The extraction passes a framework's conversations are owed, run on one background thread, so that a chat
 * call never waits for one; see the package comment. Thread-safe.
 *
 * <p>Durable: before a pass is queued, the conversation (redacted by the caller) is written to {@code
 * <dir>/<session>.jsonl}, atomically and synced, and the file goes only once the pass that read it has
 * finished. A process that ends first leaves its files, and the next queue opened on the directory runs them;
 * the pass resumes where its own state says, so nothing is lost and nothing is learnt twice. A pass that fails
 * moves what it read to {@code failed/}, with the reason beside it.
 *
 * <p>Bounded: a conversation has one file and at most one waiting pass. A newer exchange replaces the file and
 * joins the pass that waits, so what waits grows with the conversations, not with their exchanges.
 */
final class LearningQueue implements AutoCloseable {
  /** The extraction pass over one conversation's transcript. */
  @FunctionalInterface
  interface Pass {
    ExtractionReport run(Transcript transcript) throws IOException;
  }

  private static final String SUFFIX = ".jsonl";

  private final Path dir;
  private final Pass pass;
  private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "engram-learning");
    t.setDaemon(true);
    return t;
  });
  private final Map<String, CompletableFuture<ExtractionReport>> waiting = new HashMap<>();
  private volatile boolean closed;

  LearningQueue(Path dir, Pass pass) {
    this.dir = dir;
    this.pass = pass;
  }

  /**
   * Queues the passes a process that ended before running them left in the directory.
   *
   * @throws IOException when the directory cannot be listed
   */
  void resume() throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    List<String> left = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      files.forEach(f -> left.add(stem(f)));
    }
    left.sort(null);
    left.forEach(this::schedule);
  }

  /**
   * Writes {@code transcript} to disk and queues a pass over it; the future completes with the pass's report,
   * or with the reason it failed.
   *
   * @throws IOException when the transcript cannot be written (nothing is queued then)
   */
  CompletableFuture<ExtractionReport> submit(Transcript transcript) throws IOException {
    String id = transcript.sessionId();
    Files.createDirectories(dir);
    try (FileLock lock = FileLock.acquire(lockOf(id))) {
      AtomicFiles.writeString(fileOf(id), TranscriptLines.write(transcript));
    }
    return schedule(id);
  }

  /**
   * Waits until every pass queued before this call has run; false when {@code timeout} passed first.
   *
   * @throws InterruptedException when the waiting thread is interrupted
   */
  boolean awaitIdle(Duration timeout) throws InterruptedException {
    CompletableFuture<Void> reached = new CompletableFuture<>();
    try {
      worker.execute(() -> reached.complete(null));
      reached.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (RejectedExecutionException e) {
      return true; // closed: nothing more runs here
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      throw new IllegalStateException("a completed marker does not fail", e);
    }
  }

  /**
   * Stops taking passes and returns once the pass that runs has finished (or the closing thread is
   * interrupted); the passes that wait stay on disk for the next queue opened on the directory, and their
   * futures fail saying so.
   */
  @Override
  public void close() {
    closed = true;
    worker.shutdown();
    synchronized (this) {
      waiting.values().forEach(f -> f.completeExceptionally(stopped()));
      waiting.clear();
    }
    try {
      // A pass ends: the model's calls in it have a time-out.
      worker.awaitTermination(Long.MAX_VALUE, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private synchronized CompletableFuture<ExtractionReport> schedule(String id) {
    CompletableFuture<ExtractionReport> next = waiting.get(id);
    if (next != null) {
      return next;
    }
    next = new CompletableFuture<>();
    if (closed) {
      next.completeExceptionally(stopped());
      return next;
    }
    waiting.put(id, next);
    worker.execute(() -> run(id));
    return next;
  }

  private void run(String id) {
    CompletableFuture<ExtractionReport> done;
    synchronized (this) {
      done = waiting.remove(id);
    }
    if (done == null) {
      return; // closed meanwhile
    }
    Optional<String> lines = Optional.empty();
    try {
      lines = read(id);
      if (lines.isEmpty()) {
        // Another process ran it meanwhile.
        done.complete(new ExtractionReport(id, false, new MessagesRead(0, 0, 0, List.of()), "none",
            Optional.empty(), List.of()));
        return;
      }
      ExtractionReport report = pass.run(TranscriptLines.read(lines.get(), id));
      removeIfUnchanged(id, lines.get());
      done.complete(report);
    } catch (Throwable e) { // whatever ends the pass, its future says so and what it read is kept
      try {
        if (lines.isPresent()) {
          moveAside(id, lines.get(), e.toString());
        }
      } catch (IOException | RuntimeException kept) {
        e.addSuppressed(kept);
      }
      done.completeExceptionally(e);
      if (e instanceof Error error) {
        throw error;
      }
    }
  }

  private Optional<String> read(String id) throws IOException {
    try (FileLock lock = FileLock.acquire(lockOf(id))) {
      return Optional.of(Files.readString(fileOf(id), StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** Deletes the conversation's file unless a newer exchange replaced it meanwhile (its own pass then waits). */
  private void removeIfUnchanged(String id, String read) throws IOException {
    try (FileLock lock = FileLock.acquire(lockOf(id))) {
      Path file = fileOf(id);
      if (Files.isRegularFile(file) && Files.readString(file, StandardCharsets.UTF_8).equals(read)) {
        Files.delete(file);
      }
    }
  }

  private void moveAside(String id, String read, String reason) throws IOException {
    Path failed = Files.createDirectories(dir.resolve("failed"));
    AtomicFiles.writeString(failed.resolve(id + SUFFIX), read);
    AtomicFiles.writeString(failed.resolve(id + SUFFIX + ".reason"), reason + "\n");
    removeIfUnchanged(id, read);
  }

  private Path fileOf(String id) {
    return dir.resolve(id + SUFFIX);
  }

  private Path lockOf(String id) {
    return dir.resolve("." + id + ".lock");
  }

  private static String stem(Path file) {
    String name = file.getFileName().toString();
    return name.substring(0, name.length() - SUFFIX.length());
  }

  private static IllegalStateException stopped() {
    return new IllegalStateException("Engram's learning stopped before this pass ran; the conversation waits on"
        + " disk and is learnt from when Engram is next opened on this project");
  }
}
