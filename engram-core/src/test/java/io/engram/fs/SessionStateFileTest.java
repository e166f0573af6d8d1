package io.engram.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionStateFileTest {
  record Counter(int n) {}

  @TempDir Path dir;

  private SessionStateFile<Counter> state() {
    return new SessionStateFile<>(dir.resolve("s/state.json"), Counter.class, new Counter(0));
  }

  @Test
  void aMissingOrDamagedFileReadsAsFresh() throws IOException {
    assertThat(state().read()).isEqualTo(new Counter(0));
    Files.createDirectories(dir.resolve("s"));
    Files.writeString(dir.resolve("s/state.json"), "{ not json");
    assertThat(state().read()).isEqualTo(new Counter(0));
  }

  @Test
  void updatesFromSeparateInstancesNeverLoseAChange() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<Integer>> futures = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      futures.add(pool.submit(() -> state().update(Duration.ofSeconds(10), lock -> "busy",
          before -> new SessionStateFile.Changed<>(new Counter(before.n() + 1), before.n()))));
    }
    for (Future<Integer> f : futures) {
      f.get();
    }
    pool.shutdown();
    assertThat(state().read()).isEqualTo(new Counter(50));
  }

  @Test
  void aStateWhoseSyncIsLeftForLaterIsInPlaceBeforeTheSyncRuns() throws IOException {
    List<Runnable> later = new ArrayList<>();
    int value = state().update(Duration.ofSeconds(1), lock -> "busy",
        before -> new SessionStateFile.Changed<>(new Counter(before.n() + 1), 3), later::add);
    assertThat(value).isEqualTo(3);
    assertThat(later).hasSize(1);
    assertThat(state().read()).isEqualTo(new Counter(1));
    try (var leftovers = Files.list(dir.resolve("s"))) {
      assertThat(leftovers.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("state.json",
          "state.json.lock");
    }
    later.get(0).run();
    assertThat(state().read()).isEqualTo(new Counter(1));
    state().update(Duration.ofSeconds(1), lock -> "busy", before -> new SessionStateFile.Changed<>(before, 0),
        later::add);
    assertThat(later).as("nothing written, nothing to sync").hasSize(1);
  }

  @Test
  void anUnchangedStateIsNotWritten() throws IOException {
    int value = state().update(Duration.ofSeconds(1), lock -> "busy", before -> new SessionStateFile.Changed<>(before, 7));
    assertThat(value).isEqualTo(7);
    assertThat(dir.resolve("s/state.json")).doesNotExist();
  }

  @Test
  void aLockHeldTooLongIsAnErrorNamingTheLock() throws Exception {
    Files.createDirectories(dir.resolve("s"));
    Path lockFile = dir.resolve("s/state.json.lock");
    try (FileLock held = FileLock.acquire(lockFile)) {
      Future<?> other = Executors.newSingleThreadExecutor().submit(() -> state().update(Duration.ofMillis(50),
          lock -> "held: " + lock, before -> new SessionStateFile.Changed<>(before, 0)));
      assertThatThrownBy(other::get).hasCauseInstanceOf(IOException.class).hasMessageContaining("held: " + lockFile);
    }
  }
}
