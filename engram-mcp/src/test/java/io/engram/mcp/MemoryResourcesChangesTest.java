package io.engram.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.Engram;
import io.engram.config.EngramRoots;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemoryChanges;
import io.engram.memory.MemoryScope;
import io.engram.memory.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP's resources follow the store's change events: a write by any surface of the process to the project's or the
 * user's memory is told at once (so sessions hear of it without waiting for the periodic check), and another
 * project's writes are not.
 */
class MemoryResourcesChangesTest {
  @TempDir Path home;
  @TempDir Path root;

  @Test
  void aChangeToThisProjectsOrTheUsersMemoryByAnotherSurfaceIsToldAndAnotherProjectsIsNot() throws Exception {
    Path app = Files.createDirectories(root.resolve("app"));
    Engram mcp = TestServerMain.engram(home, app);
    AtomicInteger told = new AtomicInteger();
    new MemoryResources(mcp).onChange(told::incrementAndGet);
    // The hooks of the same process build an Engram of their own for each call, on the same events.
    Engram hook = Engram.builder(roots(app)).changes(mcp.changes()).build();
    Engram otherProject = Engram.builder(roots(Files.createDirectories(root.resolve("other"))))
        .changes(mcp.changes()).build();

    hook.memory().write(Memory.builder("port", MemoryType.REFERENCE).body("5433\n").build(), ChangedBy.EXTRACTION);
    assertThat(told).hasValue(1);
    hook.memory().write(Memory.builder("tabs", MemoryType.USER).body("Two spaces.\n").build(), MemoryScope.USER,
        ChangedBy.CLI);
    assertThat(told).hasValue(2);
    hook.memory().forget("port", ChangedBy.UI);
    assertThat(told).hasValue(3);
    otherProject.memory().write(Memory.builder("deploy", MemoryType.PROJECT).body("./deploy.sh\n").build(),
        ChangedBy.CLI);
    assertThat(told).hasValue(3);
  }

  @Test
  void underWatchingEventsAWriteByAnotherProcessIsToldWithoutThePeriodicCheck() throws Exception {
    Path app = Files.createDirectories(root.resolve("app"));
    // The memory directory exists before the server opens it, as it does once a project has memories.
    Engram other = Engram.builder(roots(app)).build(); // its own events: another process's
    other.memory().write(Memory.builder("port", MemoryType.REFERENCE).body("5433\n").build(), ChangedBy.CLI);
    try (MemoryChanges watching = MemoryChanges.watching()) {
      Engram mcp = Engram.builder(roots(app)).changes(watching).build();
      AtomicInteger told = new AtomicInteger();
      new MemoryResources(mcp).onChange(told::incrementAndGet);

      other.memory().write(Memory.builder("tabs", MemoryType.PROJECT).body("Two spaces.\n").build(), ChangedBy.CLI);

      long end = System.nanoTime() + 10_000_000_000L;
      while (told.get() == 0 && System.nanoTime() < end) {
        Thread.sleep(20);
      }
      assertThat(told.get()).as("told of the other process's write").isPositive();
      assertThat(new MemoryResources(mcp).list()).extracting(r -> r.uri()).anyMatch(u -> u.endsWith("/tabs"));
    }
  }

  private EngramRoots roots(Path project) {
    return EngramRoots.resolve(Optional.of(home), Optional.of(project), Map.of(), home.resolve("user-home"));
  }
}
