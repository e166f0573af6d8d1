package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.Engram;
import io.engram.config.EngramRoots;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Engrams over one home, as two processes have them: the one that watches (a resident service) is told what the
 * other writes and forgets and what a person edits by hand, and the listing it keeps between calls follows.
 */
class WatchedChangesTest {
  @TempDir Path root;
  private final MemoryChanges watching = MemoryChanges.watching();
  private final MemoryFileCache parsed = new MemoryFileCache();
  private final List<MemoryChange> heard = new CopyOnWriteArrayList<>();
  private EngramRoots roots;

  @BeforeEach
  void roots() throws IOException {
    roots = new EngramRoots(root.resolve("home"), root.resolve("user"), Files.createDirectories(root.resolve("app")));
    watching.subscribe(heard::add);
  }

  @AfterEach
  void stop() {
    watching.close();
  }

  /** The resident process's Engram for one call: opened again each time, sharing its events and parsed files. */
  private Engram service() throws IOException {
    return Engram.builder(roots).changes(watching).parsedFiles(parsed).writes(MemoryWriteListener.NONE).build();
  }

  @Test
  void whatAnotherEngramWritesAndForgetsAndAHandEditAreToldAndTheKeptListingFollows() throws Exception {
    Engram other = Engram.builder(roots).writes(MemoryWriteListener.NONE).build(); // its own events, as another JVM
    other.memory().write(Memory.builder("redis-port", MemoryType.PROJECT).description("Redis port")
        .body("Redis listens on 6379.\n").build(), ChangedBy.CLI);
    Path dir = other.memory().location().projectDir();
    assertThat(names(service())).containsExactly("redis-port"); // the directory is watched from here on

    other.memory().write(Memory.builder("use-pnpm", MemoryType.FEEDBACK).description("pnpm, never npm")
        .body("npm breaks the lockfile.\n").build(), ChangedBy.CLI);
    await(() -> heard.stream().anyMatch(c -> c.name().equals("use-pnpm") && c.memoryDir().equals(dir)));
    assertThat(names(service())).containsExactly("redis-port", "use-pnpm");

    // Once the directory's times are old enough to trust, one listing serves call after call.
    settle(dir);
    long made = parsed.listingsMade();
    assertThat(names(service())).containsExactly("redis-port", "use-pnpm");
    assertThat(names(service())).containsExactly("redis-port", "use-pnpm");
    assertThat(parsed.listingsMade()).isEqualTo(made);

    // An edit in place, of the same size, its time put back to one long past: neither the directory's time nor the
    // file's stamp (inode, time, size) shows it; only the watch tells it.
    Path file = dir.resolve("redis-port.md");
    FileTime old = FileTime.from(Instant.now().minusSeconds(60));
    Files.setLastModifiedTime(file, old);
    await(() -> heard.stream().anyMatch(c -> c.name().equals("redis-port"))); // the new time is reported too
    assertThat(body(service(), "redis-port")).contains("6379"); // parsed with a time old enough to trust
    heard.clear();
    long listed = parsed.listingsMade();
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      String text = Files.readString(file);
      ch.write(ByteBuffer.wrap("6380".getBytes(StandardCharsets.UTF_8)), text.indexOf("6379"));
    }
    Files.setLastModifiedTime(file, old);
    await(() -> heard.stream().anyMatch(c -> c.name().equals("redis-port")));
    assertThat(service().memory().read("redis-port").orElseThrow().memory().body()).contains("6380");
    assertThat(body(service(), "redis-port")).contains("6380");
    assertThat(parsed.listingsMade()).as("listed again, on the watch's word alone").isGreaterThan(listed);

    heard.clear();
    other.memory().forget("use-pnpm", ChangedBy.CLI);
    await(() -> heard.stream().anyMatch(c -> c.name().equals("use-pnpm")));
    assertThat(names(service())).containsExactly("redis-port");
  }

  @Test
  void eventsOfThisProcessAloneKeepNoListing() throws Exception {
    Engram plain = Engram.builder(roots).parsedFiles(parsed).writes(MemoryWriteListener.NONE).build();
    plain.memory().write(Memory.builder("redis-port", MemoryType.PROJECT).description("Redis port")
        .body("Redis listens on 6379.\n").build(), ChangedBy.CLI);
    Path dir = plain.memory().location().projectDir();
    FileTime old = FileTime.from(Instant.now().minusSeconds(60));
    Files.setLastModifiedTime(dir.resolve(MemoryIndex.FILE_NAME), old);
    Files.setLastModifiedTime(dir, old);

    plain.memory().list();
    plain.memory().list();

    assertThat(parsed.listingsMade()).isZero();
  }

  private static List<String> names(Engram engram) throws IOException {
    return engram.memory().list().memories().stream().filter(m -> m.scope() == MemoryScope.PROJECT)
        .map(StoredMemory::name).toList();
  }

  private static String body(Engram engram, String name) throws IOException {
    return engram.memory().list().find(name).orElseThrow().memory().body();
  }

  // The directory's and MEMORY.md's times put a minute back (so that a listing may be kept), and the watch's report
  // of that change waited out: until then a listing is made again each call.
  private void settle(Path dir) throws Exception {
    FileTime old = FileTime.from(Instant.now().minusSeconds(60));
    Files.setLastModifiedTime(dir.resolve(MemoryIndex.FILE_NAME), old);
    Files.setLastModifiedTime(dir, old);
    long[] last = {-1};
    await(() -> {
      try {
        service().memory().list();
        long made = parsed.listingsMade();
        boolean steady = made == last[0];
        last[0] = made;
        Thread.sleep(50);
        return steady;
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + 10_000_000_000L;
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited 10 s").isLessThan(end);
      Thread.sleep(20);
    }
  }
}
