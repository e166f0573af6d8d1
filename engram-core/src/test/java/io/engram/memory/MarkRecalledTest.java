package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkRecalledTest {
  static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  @TempDir Path home;
  @TempDir Path project;

  private ProjectMemory open() throws Exception {
    EngramRoots roots = EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("u"));
    return MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.fixed(T0, ZoneOffset.UTC));
  }

  @Test
  void marksBothStoresAndLeavesUpdatedAlone() throws Exception {
    ProjectMemory store = open();
    store.write(Memory.of("use-pnpm", MemoryType.PROJECT, "pnpm", "Use pnpm.\n"));
    store.write(Memory.of("role", MemoryType.USER, "who", "Backend engineer.\n"));
    Instant later = T0.plusSeconds(86_400);
    List<String> marked = store.markRecalled(List.of("use-pnpm", "role", "missing"), later);
    assertThat(marked).containsExactlyInAnyOrder("use-pnpm", "role");
    for (String name : List.of("use-pnpm", "role")) {
      Memory m = store.read(name).orElseThrow().memory();
      assertThat(m.recallCount()).isEqualTo(1);
      assertThat(m.lastRecalled()).contains(later);
      assertThat(m.updated()).contains(T0);
    }
  }

  @Test
  void concurrentWritesAreNotLostAndEveryMarkCounts() throws Exception {
    ProjectMemory store = open();
    store.write(Memory.of("notes", MemoryType.PROJECT, "notes", "version 0\n"));
    CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
      try {
        for (int i = 1; i <= 40; i++) {
          Memory current = store.read("notes").orElseThrow().memory();
          // A writer that keeps what it read of the recall fields, as callers of write must.
          store.write(current.toBuilder().body("version " + i + "\n").build());
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    int marks = 0;
    while (!writer.isDone()) {
      store.markRecalled(List.of("notes"), T0.plusSeconds(++marks));
    }
    writer.join();
    Memory end = store.read("notes").orElseThrow().memory();
    assertThat(end.body()).isEqualTo("version 40\n");
    assertThat(end.recallCount()).isBetween(1, marks);
  }
}
