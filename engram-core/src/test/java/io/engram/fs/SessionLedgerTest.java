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

class SessionLedgerTest {
  record Counter(int n) {}

  private static final SessionLedger.Section<Counter> COUNTER = SessionLedger.Section.of("counter", Counter.class,
      new Counter(0));
  private static final SessionLedger.Section<Counter> OTHER = SessionLedger.Section.formerly("other-state.json",
      "other", Counter.class, new Counter(0));

  @TempDir Path home;

  private SessionLedger ledger() {
    return SessionLedger.of(home, "s");
  }

  private SessionStateFile<Counter> state() {
    return ledger().section(COUNTER);
  }

  private Path dir() {
    return home.resolve("sessions/s");
  }

  @Test
  void aMissingOrDamagedLedgerReadsAsFresh() throws IOException {
    assertThat(state().read()).isEqualTo(new Counter(0));
    Files.createDirectories(dir());
    Files.writeString(dir().resolve("session.json"), "{ not json");
    assertThat(state().read()).isEqualTo(new Counter(0));
    Files.writeString(dir().resolve("session.json"), "{\"counter\": \"not a counter\"}");
    assertThat(state().read()).isEqualTo(new Counter(0));
  }

  @Test
  void updatesFromSeparateInstancesNeverLoseAChange() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<Integer>> futures = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      SessionStateFile<Counter> section = ledger().section(i % 2 == 0 ? COUNTER : OTHER);
      futures.add(pool.submit(() -> section.update(Duration.ofSeconds(10), lock -> "busy",
          before -> new SessionStateFile.Changed<>(new Counter(before.n() + 1), before.n()))));
    }
    for (Future<Integer> f : futures) {
      f.get();
    }
    pool.shutdown();
    assertThat(state().read()).isEqualTo(new Counter(25));
    assertThat(ledger().read(OTHER)).isEqualTo(new Counter(25));
  }

  @Test
  void aStateWhoseSyncIsLeftForLaterIsInPlaceBeforeTheSyncRuns() throws IOException {
    List<Runnable> later = new ArrayList<>();
    int value = state().update(Duration.ofSeconds(1), lock -> "busy",
        before -> new SessionStateFile.Changed<>(new Counter(before.n() + 1), 3), later::add);
    assertThat(value).isEqualTo(3);
    assertThat(later).hasSize(1);
    assertThat(state().read()).isEqualTo(new Counter(1));
    try (var leftovers = Files.list(dir())) {
      assertThat(leftovers.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("session.json",
          "session.lock");
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
    assertThat(dir().resolve("session.json")).doesNotExist();
  }

  @Test
  void aLockHeldTooLongIsAnErrorNamingTheLock() throws Exception {
    Files.createDirectories(dir());
    Path lockFile = dir().resolve("session.lock");
    try (FileLock held = FileLock.acquire(lockFile)) {
      Future<?> other = Executors.newSingleThreadExecutor().submit(() -> state().update(Duration.ofMillis(50),
          lock -> "held: " + lock, before -> new SessionStateFile.Changed<>(before, 0)));
      assertThatThrownBy(other::get).hasCauseInstanceOf(IOException.class).hasMessageContaining("held: " + lockFile);
    }
  }

  @Test
  void oneChangePutsTwoSectionsAndAChangeInsideItOnTheSameThreadDoesNotWaitForItself() throws IOException {
    String value = ledger().update(Duration.ofMillis(200), lock -> "busy", sections -> {
      sections.put(COUNTER, new Counter(sections.get(COUNTER).n() + 1));
      // As the hooks' context asks the levels for their notice: another change of the same ledger, nested.
      ledger().section(OTHER).update(Duration.ofMillis(200), lock -> "busy",
          before -> new SessionStateFile.Changed<>(new Counter(7), 0));
      return "done";
    });
    assertThat(value).isEqualTo("done");
    assertThat(ledger().read(COUNTER)).isEqualTo(new Counter(1));
    assertThat(ledger().read(OTHER)).as("the nested change survives the outer one's write").isEqualTo(new Counter(7));
  }

  @Test
  void aSectionAnEarlierVersionKeptInItsOwnFileIsReadFromThereUntilTheLedgerHoldsIt() throws IOException {
    Files.createDirectories(dir());
    Files.writeString(dir().resolve("other-state.json"), "{\"n\": 4, \"gone\": true}");
    assertThat(ledger().read(OTHER)).isEqualTo(new Counter(4));

    ledger().section(OTHER).update(Duration.ofSeconds(1), lock -> "busy",
        before -> new SessionStateFile.Changed<>(new Counter(before.n() + 1), 0));
    assertThat(ledger().read(OTHER)).isEqualTo(new Counter(5));

    ledger().section(OTHER).reset(Duration.ofSeconds(1), lock -> "busy");
    assertThat(ledger().read(OTHER)).as("forgotten, the earlier file too").isEqualTo(new Counter(0));
  }

  @Test
  void anIdHoldingASecretNeverNamesADirectoryNorIsQuoted() {
    String token = "ghp_Ab3dEf9hIjK1mNoPqR5tUvWxYz0123456789";
    assertThatThrownBy(() -> HomeLayout.of(home).session(token)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("holding a secret (github-token)").hasMessageNotContaining(token);
    assertThat(home.resolve("sessions")).doesNotExist();
    for (String id : List.of("3f2b8c1e-9a4d-4e7b-8c2f-1a2b3c4d5e6f", "ses_6b1a3c9f2ffeA1b2C3d4E5f6G7",
        "aB3xK9pQ2mN7vL4wR8tY6uI1oP5sD0fG", "demo-session-1")) {
      assertThat(HomeLayout.of(home).session(id).dir()).hasFileName(id);
    }
  }

  @Test
  void anIdThatCannotNameADirectoryIsRefused() {
    assertThatThrownBy(() -> SessionLedger.of(home, "../escape")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot name a directory");
    assertThatThrownBy(() -> SessionLedger.of(home, "..")).isInstanceOf(IllegalArgumentException.class);
  }
}
