package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.MemorySettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryWriteListenerTest {
  private static final Instant T0 = Instant.parse("2026-05-01T09:00:00Z");
  private static final Clock CLOCK = Clock.fixed(T0, ZoneOffset.UTC);

  @TempDir Path root;

  record Heard(Path dir, String name, Instant at) {}

  @Test
  void eachWriteIsToldWithTheDirectoryItWentToAndTheTimeOfTheWrite() throws Exception {
    List<Heard> heard = new ArrayList<>();
    Path project = root.resolve("project");
    java.nio.file.Files.createDirectories(project);
    ProjectMemory memory = MemoryStores.open(new EngramRoots(root.resolve("home"), root.resolve("user"), project),
        EngramSettings.DEFAULTS, CLOCK, (dir, saved, at) -> heard.add(new Heard(dir, saved.stored().name(), at)));
    memory.write(Memory.builder("a", MemoryType.PROJECT).body("one\n").session("s1").build());
    memory.write(Memory.builder("me", MemoryType.USER).body("two\n").build());
    assertThat(heard).containsExactly(
        new Heard(memory.location().projectDir(), "a", T0),
        new Heard(memory.location().userDir(), "me", T0));
  }

  @Test
  void aListenerThatFailsFailsTheCallButTheMemoryIsAlreadyStored() throws Exception {
    MemoryStore store = MemoryStores.directory(root, MemorySettings.DEFAULTS, CLOCK, (dir, saved, at) -> {
      throw new IOException("listener broke");
    });
    assertThatThrownBy(() -> store.write(Memory.builder("a", MemoryType.PROJECT).body("one\n").build()))
        .hasMessage("listener broke");
    assertThat(MemoryStores.directory(root, MemorySettings.DEFAULTS, CLOCK).read("a")).isPresent();
  }

  @Test
  void readsAndForgetsAreNotTold() throws Exception {
    List<String> heard = new ArrayList<>();
    MemoryStore store = MemoryStores.directory(root, MemorySettings.DEFAULTS, CLOCK,
        (dir, saved, at) -> heard.add(saved.stored().name()));
    store.write(Memory.builder("a", MemoryType.PROJECT).body("one\n").build());
    store.read("a");
    store.list();
    store.forget("a");
    assertThat(heard).containsExactly("a");
  }
}
