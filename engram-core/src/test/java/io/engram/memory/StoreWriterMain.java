package io.engram.memory;

import io.engram.config.MemorySettings;
import java.nio.file.Path;
import java.time.Clock;

/**
 * A separate OS process for the concurrency tests. {@code write DIR ID COUNT} prints {@code ready} once its
 * store is open, waits for a line on its input (so that every writer starts at once, whatever its JVM's start
 * took) and writes COUNT memories named {@code pID-mN}; {@code churn DIR} rewrites one large memory forever,
 * printing {@code ready} after the first write, until it is killed.
 */
public final class StoreWriterMain {
  static final int CHURN_LINES = 4000;

  /** The default settings with room for the churned memory (about 280 KB), so that a torn write has time to happen. */
  static final MemorySettings LARGE_MEMORIES = withLimit(MemorySettings.DEFAULTS, 1 << 20);

  static MemorySettings withLimit(MemorySettings d, int maxMemoryBytes) {
    return d.with("maxMemoryBytes", maxMemoryBytes);
  }

  private StoreWriterMain() {}

  public static void main(String[] args) throws Exception {
    MemoryStore store = MemoryStores.directory(Path.of(args[1]), StoreWriterMain.LARGE_MEMORIES, Clock.systemUTC());
    if (args[0].equals("write")) {
      int id = Integer.parseInt(args[2]);
      int count = Integer.parseInt(args[3]);
      System.out.println("ready");
      System.out.flush();
      if (new java.io.BufferedReader(new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8))
          .readLine() == null) {
        throw new IllegalStateException("the test closed the input before saying go");
      }
      for (int i = 0; i < count; i++) {
        store.write(Memory.of("p" + id + "-m" + i, MemoryType.PROJECT, "memory " + i + " of writer " + id,
            "Body of memory " + i + " written by process " + id + ".\n"));
      }
      return;
    }
    for (long version = 0; ; version++) {
      store.write(Memory.of("churn", MemoryType.PROJECT, "version " + version, churnBody(version)));
      if (version == 0) {
        System.out.println("ready");
        System.out.flush();
      }
    }
  }

  /** A body whose every line names its version, so a torn file shows mixed or missing lines. */
  static String churnBody(long version) {
    String line = "version " + version + " " + "x".repeat(60) + "\n";
    return line.repeat(CHURN_LINES) + "end of version " + version + "\n";
  }
}
