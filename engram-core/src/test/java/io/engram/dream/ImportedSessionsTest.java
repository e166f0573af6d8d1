package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.memory.ChangedBy;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The session gate counts the sessions that worked here: memories brought in by an import do not open it. */
class ImportedSessionsTest {
  @TempDir Path root;

  @Test
  void importedMemoriesSessionsDoNotCountTowardTheSessionGate() throws Exception {
    DreamFixture f = new DreamFixture(root);
    MemoryStore store = MemoryStores.open(f.roots, EngramSettings.DEFAULTS, Clock.systemUTC(), Dream.sessionCounter());
    for (int i = 0; i < 6; i++) {
      store.write(Memory.builder("imported-" + i, MemoryType.PROJECT).description("from elsewhere")
          .body("Imported note " + i + ".\n").session("old-session-" + i).build(), ChangedBy.IMPORT);
    }
    store.write(Memory.builder("learnt-here", MemoryType.PROJECT).description("here").body("Learnt here.\n")
        .session("this-session").build());

    assertThat(new DreamStateFile(f.memoryDir()).read().sessionsSince()).containsOnlyKeys("this-session");
  }
}
