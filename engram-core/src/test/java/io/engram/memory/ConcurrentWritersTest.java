package io.engram.memory;

import io.engram.testing.ChildProcess;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.EngramSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class ConcurrentWritersTest {
  @TempDir Path dir;
  @TempDir Path errors;

  /** Memories each writer writes: all eight start together, so every write of one overlaps writes of the others. */
  private static final int WRITES = 30;

  @Test
  @Timeout(300)
  void eightProcessesWritingAtOnceLoseNothing() throws Exception {
    // Each writer's stdout read on a thread of its own (each line waited for with a deadline), its errors to a file,
    // and every writer killed with its children when the test ends, passed or not.
    List<ChildProcess.Lines> writers = new ArrayList<>();
    try {
      for (int id = 0; id < 8; id++) {
        writers.add(ChildProcess.Lines.start(java("write", dir.toString(), String.valueOf(id), String.valueOf(WRITES))
            .redirectError(errors.resolve(id + ".err").toFile())));
      }
      // The JVMs start one after another on a small machine; the writes start together once all are ready.
      for (int id = 0; id < writers.size(); id++) {
        Path err = errors.resolve(id + ".err");
        assertThat(writers.get(id).next(Duration.ofSeconds(200))).as(() -> errors(err)).isEqualTo("ready");
      }
      for (ChildProcess.Lines w : writers) {
        w.process().getOutputStream().write("go\n".getBytes(StandardCharsets.UTF_8));
        w.process().getOutputStream().close();
      }
      for (int id = 0; id < writers.size(); id++) {
        Process p = writers.get(id).process();
        assertThat(p.waitFor(280, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(errors(errors.resolve(id + ".err"))).isZero();
      }
    } finally {
      for (ChildProcess.Lines w : writers) {
        w.close();
      }
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.filter(f -> f.getFileName().toString().matches("p\\d-m\\d+\\.md"))).hasSize(8 * WRITES);
    }
    List<String> index = Files.readAllLines(dir.resolve("MEMORY.md"));
    assertThat(index).hasSize(8 * WRITES).doesNotHaveDuplicates();
    MemoryListing listing = store().list();
    assertThat(listing.problems()).isEmpty();
    assertThat(listing.memories()).hasSize(8 * WRITES);
  }

  @Test
  @Timeout(300)
  void aProcessKilledDuringWritesLeavesTheOldOrTheNewFileNeverATornOne() throws Exception {
    for (int round = 0; round < 3; round++) {
      try (ChildProcess.Lines churn = ChildProcess.Lines.start(java("churn", dir.toString()).redirectErrorStream(true))) {
        assertThat(churn.next(Duration.ofSeconds(200))).isEqualTo("ready");
        Thread.sleep(150 + 100L * round);
        churn.process().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
      StoredMemory m = store().read("churn").orElseThrow();
      String version = m.memory().description().substring("version ".length());
      assertThat(m.memory().body()).isEqualTo(StoreWriterMain.churnBody(Long.parseLong(version)));
      List<String> index = Files.readAllLines(dir.resolve("MEMORY.md"));
      assertThat(index).singleElement().asString().startsWith("- [churn](churn.md) - version ");
      MemoryListing listing = store().list();
      assertThat(listing.problems()).isEmpty();
      assertThat(listing.memories()).extracting(StoredMemory::name).containsExactly("churn");
    }
  }

  /** What a writer printed on its error stream (a failed writer's reason). */
  private static String errors(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (java.io.IOException e) {
      return "(its error stream could not be read: " + e.getMessage() + ")";
    }
  }

  private MemoryStore store() {
    return MemoryStores.directory(dir, StoreWriterMain.LARGE_MEMORIES, Clock.systemUTC());
  }

  private static ProcessBuilder java(String... args) {
    List<String> cmd = ChildProcess.quickJvm("-Xmx64m",
        "-cp", System.getProperty("java.class.path"), StoreWriterMain.class.getName());
    cmd.addAll(List.of(args));
    return new ProcessBuilder(cmd);
  }
}
