package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryChangesTest {
  @TempDir Path root;

  private ProjectMemory open(String project, MemoryChanges changes) throws Exception {
    Path dir = Files.createDirectories(root.resolve(project));
    return MemoryStores.open(new EngramRoots(root.resolve("home"), root.resolve("user"), dir), EngramSettings.DEFAULTS,
        Clock.systemUTC(), MemoryWriteListener.NONE, new MemoryFileCache(), changes);
  }

  @Test
  void everyWriteForgetAndRestoreOfEveryStoreOpenedWithTheEventsIsTold() throws Exception {
    MemoryChanges changes = new MemoryChanges();
    List<MemoryChange> heard = new CopyOnWriteArrayList<>();
    changes.subscribe(heard::add);
    ProjectMemory app = open("app", changes);
    ProjectMemory other = open("other", changes); // a second project of the same process

    app.write(Memory.builder("port", MemoryType.REFERENCE).body("5433\n").build(), ChangedBy.CLI);
    app.write(Memory.builder("tabs", MemoryType.USER).body("Two spaces.\n").build(), MemoryScope.USER, ChangedBy.CLI);
    app.forget("port", ChangedBy.CLI);
    app.restore("port", ChangedBy.CLI);
    other.write(Memory.builder("deploy", MemoryType.PROJECT).body("./deploy.sh\n").build(), ChangedBy.EXTRACTION);

    Path appDir = app.location().projectDir();
    assertThat(heard).containsExactly(
        new MemoryChange(appDir, "port", MemoryChange.Kind.WRITTEN),
        new MemoryChange(app.location().userDir(), "tabs", MemoryChange.Kind.WRITTEN),
        new MemoryChange(appDir, "port", MemoryChange.Kind.FORGOTTEN),
        new MemoryChange(appDir, "port", MemoryChange.Kind.RESTORED),
        new MemoryChange(other.location().projectDir(), "deploy", MemoryChange.Kind.WRITTEN));
  }

  @Test
  void aSubscriberThatThrowsNeitherFailsTheWriteNorStopsTheOthers() throws Exception {
    MemoryChanges changes = new MemoryChanges();
    changes.subscribe(change -> {
      throw new IllegalStateException("subscriber broke");
    });
    List<String> heard = new CopyOnWriteArrayList<>();
    changes.subscribe(change -> heard.add(change.name()));
    ProjectMemory app = open("app", changes);

    app.write(Memory.builder("port", MemoryType.REFERENCE).body("5433\n").build(), ChangedBy.CLI);

    assertThat(app.read("port")).isPresent();
    assertThat(heard).containsExactly("port");
  }

  @Test
  void aClosedSubscriptionHearsNothingMoreAndStoresOpenedWithOtherEventsAreNotHeard() throws Exception {
    MemoryChanges changes = new MemoryChanges();
    List<String> heard = new CopyOnWriteArrayList<>();
    MemoryChanges.Subscription subscription = changes.subscribe(change -> heard.add(change.name()));
    ProjectMemory app = open("app", changes);
    app.write(Memory.builder("one", MemoryType.PROJECT).body("1\n").build(), ChangedBy.CLI);
    open("app", new MemoryChanges()).write(Memory.builder("two", MemoryType.PROJECT).body("2\n").build(),
        ChangedBy.CLI);
    subscription.close();
    app.write(Memory.builder("three", MemoryType.PROJECT).body("3\n").build(), ChangedBy.CLI);

    assertThat(heard).containsExactly("one");
  }
}
