package io.engram.team;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import io.engram.memory.Memory;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.team.testing.TeamPostgres;
import io.engram.team.testing.TestDatabase;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The background watcher syncs a member's mirror when the database notifies a change of their project: a share, and
 * a removal.
 */
class TeamWatcherTest {
  @RegisterExtension static final TeamPostgres PG = TeamPostgres.migratedWith("ada", "ben");

  @TempDir Path root;

  @Test
  void anotherMembersShareAndRemovalReachTheMirrorWithoutASyncCommand() throws Exception {
    TeamMemory ada = PG.database().writer(root, "ada", "watch");
    TeamMemory ben = PG.database().writer(root, "ben", "watch");
    List<String> log = new CopyOnWriteArrayList<>();
    try (TeamWatcher watcher = TeamWatcher.start(ben, log::add)) {
      waitFor(() -> watcher.syncs() >= 1);
      MemoryStores.open(TestDatabase.roots(root, "ada"), EngramSettings.DEFAULTS, Clock.systemUTC())
          .write(Memory.builder("cache-ttl", MemoryType.PROJECT).description("Cache lifetime")
              .body("The HTTP cache keeps pages for 300 seconds.").build());
      assertThat(ada.share("cache-ttl").state()).isEqualTo("shared");

      waitFor(() -> ben.status().teamMemories() == 1);
      waitFor(() -> log.stream().anyMatch(l -> l.startsWith("team sync: pulled 1")));
      assertThat(watcher.syncs()).isGreaterThanOrEqualTo(2);

      ada.sync(false);
      assertThat(ada.remove("cache-ttl").state()).isEqualTo("removed");
      waitFor(() -> ben.status().teamMemories() == 0);
      waitFor(() -> log.stream().anyMatch(l -> l.contains(", 1 removed,")));
    }
  }

  private interface Check {
    boolean holds() throws Exception;
  }

  private static void waitFor(Check check) throws Exception {
    long end = System.nanoTime() + 20_000_000_000L;
    while (!check.holds()) {
      assertThat(System.nanoTime()).as("waited 20 s").isLessThan(end);
      Thread.sleep(50);
    }
  }
}
