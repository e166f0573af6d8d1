package io.engram.memory;

import io.engram.config.MemorySettings;
import io.engram.fs.AtomicFiles;
import io.engram.redact.SecretRedactor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Timed harness (no JMH): the store's cost against raw atomic file writes and reads measured in the same
 * run. Run with {@code java -cp <test classpath> io.engram.memory.MemoryStoreBenchmark [N]}.
 */
public final class MemoryStoreBenchmark {
  private MemoryStoreBenchmark() {}

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 300;
    Path root = Files.createTempDirectory("engram-bench");
    try {
      Path raw = root.resolve("raw");
      long baseWrite = time(() -> {
        StringBuilder index = new StringBuilder();
        for (int i = 0; i < n; i++) {
          Memory m = sample(i);
          AtomicFiles.writeString(raw.resolve("m" + i + ".md"), MemoryFormat.format(m));
          index.append("- [m").append(i).append("](m").append(i).append(".md) - d\n");
          AtomicFiles.writeString(raw.resolve("MEMORY.md"), index.toString());
        }
      });
      MemoryStore store = MemoryStores.directory(root.resolve("store"), MemorySettings.DEFAULTS,
          Clock.systemUTC());
      long storeWrite = time(() -> {
        for (int i = 0; i < n; i++) {
          store.write(sample(i));
        }
      });
      long baseRead = time(() -> {
        try (Stream<Path> files = Files.list(raw)) {
          for (Path f : files.toList()) {
            Files.readString(f);
          }
        }
      });
      long coldList = time(() -> store.list());
      long storeList = Long.MAX_VALUE;
      for (int i = 0; i < 5; i++) {
        storeList = Math.min(storeList, time(() -> store.list()));
      }
      String text = sample(1).body().repeat(50);
      long copy = time(() -> {
        for (int i = 0; i < 200; i++) {
          new StringBuilder(text).reverse();
        }
      });
      long redact = time(() -> {
        for (int i = 0; i < 200; i++) {
          SecretRedactor.standard().redact(text);
        }
      });
      System.out.printf("memories: %d%n", n);
      System.out.printf("write: raw atomic topic+index %.1f ms/memory, store.write %.1f ms/memory, ratio %.2f%n",
          baseWrite / 1e6 / n, storeWrite / 1e6 / n, (double) storeWrite / baseWrite);
      System.out.printf("read all: raw %.1f ms, store.list %.1f ms warm (%.1f ms first call), ratio %.2f%n",
          baseRead / 1e6, storeList / 1e6, coldList / 1e6, (double) storeList / baseRead);
      System.out.printf("redact %d KB: %.2f ms (copy+reverse baseline %.3f ms), %.1f MB/s%n",
          text.length() / 1024, redact / 1e6 / 200, copy / 1e6 / 200, text.length() * 200 / (redact / 1e9) / 1e6);
    } finally {
      try (Stream<Path> walk = Files.walk(root)) {
        walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static Memory sample(int i) {
    return Memory.of("memory number " + i, MemoryType.PROJECT, "what memory " + i + " is for",
        ("Line of a realistic memory body about module " + i + ", with a path src/main/Foo" + i + ".java.\n")
            .repeat(12));
  }

  private interface Work {
    void run() throws Exception;
  }

  private static long time(Work w) throws Exception {
    long t = System.nanoTime();
    w.run();
    return System.nanoTime() - t;
  }
}
