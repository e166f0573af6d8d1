package io.engram.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

  @Test
  void writeCreatesParentsAndReplacesContent(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("a/b/file.md");
    AtomicFiles.writeString(target, "one");
    AtomicFiles.writeString(target, "two");
    assertThat(Files.readString(target)).isEqualTo("two");
  }

  @Test
  void noTemporaryFilesAreLeftBehind(@TempDir Path dir) throws Exception {
    AtomicFiles.writeString(dir.resolve("x.md"), "text");
    try (var files = Files.list(dir)) {
      assertThat(files).extracting(p -> p.getFileName().toString()).containsExactly("x.md");
    }
  }

  @Test
  void lockSerialisesReadModifyWriteAcrossThreads(@TempDir Path dir) throws Exception {
    Path counter = dir.resolve("counter");
    AtomicFiles.writeString(counter, "0");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<?>> futures = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      futures.add(
          pool.submit(
              () -> {
                try (FileLock lock = FileLock.acquire(dir.resolve(".lock"))) {
                  int n = Integer.parseInt(Files.readString(counter));
                  AtomicFiles.writeString(counter, Integer.toString(n + 1));
                }
                return null;
              }));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
    assertThat(Files.readString(counter)).isEqualTo("200");
  }

  @Test
  void tryAcquireGivesUpWhileAnotherHolds(@TempDir Path dir) throws Exception {
    Path lockFile = dir.resolve(".lock");
    try (FileLock held = FileLock.acquire(lockFile)) {
      var other =
          Executors.newSingleThreadExecutor()
              .submit(() -> FileLock.tryAcquire(lockFile, java.time.Duration.ofMillis(50)));
      assertThat(other.get()).isEmpty();
    }
    try (FileLock again = FileLock.tryAcquire(lockFile, java.time.Duration.ofMillis(50)).orElseThrow()) {
      assertThat(again).isNotNull();
    }
  }
}
