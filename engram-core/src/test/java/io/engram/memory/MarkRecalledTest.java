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
  void recordingUseKeepsEveryByteAPersonWroteAndEditsOnlyTheUseFields() throws Exception {
    ProjectMemory store = open();
    java.nio.file.Path dir = store.location().projectDir();
    java.nio.file.Files.createDirectories(dir);
    String handWritten = "---\n"
        + "name: 'hand-edited'   # quoted on purpose\n"
        + "description: \"kept as typed\"\n"
        + "type: project\n"
        + "tags: [alpha, beta]   # inline comment\n"
        + "# a whole-line comment\n"
        + "owner:   someone\n"
        + "---\n"
        + "Body   with  spacing.\n\n\n";
    java.nio.file.Path file = dir.resolve("hand-edited.md");
    java.nio.file.Files.writeString(file, handWritten);
    Instant first = T0.plusSeconds(60);
    assertThat(store.markRecalled(List.of("hand-edited"), first)).containsExactly("hand-edited");
    String afterFirst = java.nio.file.Files.readString(file);
    assertThat(afterFirst).isEqualTo(handWritten.replace("owner:   someone\n",
        "owner:   someone\nlastRecalled: " + first + "\nrecallCount: 1\n"));

    Instant second = T0.plusSeconds(120);
    store.markRecalled(List.of("hand-edited"), second);
    assertThat(java.nio.file.Files.readString(file)).isEqualTo(handWritten.replace("owner:   someone\n",
        "owner:   someone\nlastRecalled: " + second + "\nrecallCount: 2\n"));
    Memory m = store.read("hand-edited").orElseThrow().memory();
    assertThat(m.recallCount()).isEqualTo(2);
    assertThat(m.lastRecalled()).contains(second);
  }

  @Test
  void windowsLineEndingsAndAByteOrderMarkSurviveRecordingUse() throws Exception {
    ProjectMemory store = open();
    java.nio.file.Path dir = store.location().projectDir();
    java.nio.file.Files.createDirectories(dir);
    String text = "\uFEFF---\r\nname: crlf\r\ndescription: d\r\ntype: user\r\nrecallCount: 4\r\n---\r\nBody.\r\n";
    java.nio.file.Path file = dir.resolve("crlf.md");
    java.nio.file.Files.writeString(file, text);
    store.markRecalled(List.of("crlf"), T0);
    assertThat(java.nio.file.Files.readString(file)).isEqualTo(text.replace("recallCount: 4\r\n",
        "recallCount: 5\r\nlastRecalled: " + T0 + "\r\n"));
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
    assertThat(end.recallCount()).isEqualTo(marks);
  }
}
