package io.engram.bench.cli;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import io.engram.memory.ProjectMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The memories {@code bench hook} seeds a store with: short notes over ten topics (every fourth a feedback memory)
 * that answer its sample prompt, written through the store, or, for thousands, as the files the store writes.
 */
final class GeneratedMemories {
  private static final String[] TOPICS =
      {"redis", "postgres", "pnpm", "deploy", "lint", "docker", "kafka", "auth", "cache", "ci"};

  private GeneratedMemories() {}

  /** The topic of the {@code i}th note. */
  static String topic(int i) {
    return TOPICS[i % TOPICS.length];
  }

  static Memory generated(String prefix, int i) {
    String t = topic(i);
    return Memory.of(prefix + t + "-note-" + i, i % 4 == 0 ? MemoryType.FEEDBACK : MemoryType.PROJECT,
        "What to know about " + t + " (" + i + ")",
        "Note " + i + " about " + t + ": the tests need " + t + " configured; see docs/" + t + ".md.\n");
  }

  static void seed(EngramRoots roots, int count, String prefix) throws IOException {
    ProjectMemory store = MemoryStores.open(roots, EngramSettings.DEFAULTS, Clock.systemUTC(), Dream.sessionCounter());
    for (int i = 0; i < count; i++) {
      store.write(generated(prefix, i));
    }
  }

  // Thousands of memories: topic files and MEMORY.md written directly (through the store, each write rewrites
  // MEMORY.md, which makes seeding quadratic); the files are what the store itself writes.
  static void seedDirectly(EngramRoots roots, int count, String prefix) throws IOException {
    Path dir = MemoryStores.locate(roots, EngramSettings.DEFAULTS).projectDir();
    Files.createDirectories(dir);
    StringBuilder index = new StringBuilder();
    for (int i = 0; i < count; i++) {
      Memory m = generated(prefix, i);
      String file = m.name() + ".md";
      Files.writeString(dir.resolve(file), MemoryFormat.format(m));
      index.append(MemoryStores.indexLine(m, file)).append('\n');
    }
    Files.writeString(dir.resolve(MemoryStores.INDEX_FILE), index);
  }
}
