package io.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.Engram;
import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.dream.Dream;
import io.engram.dream.DreamOptions;
import io.engram.dream.DreamProgress;
import io.engram.dream.DreamResult;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.MemoryStores;
import io.engram.memory.MemoryType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Timed harness for a whole dream over N memories: LoCoMo's observations become topic files (every
 * tenth one also gets a near-duplicate, a contradicting newer version and a relative date), then a dry
 * run and an applied run of {@link Dream} are timed against the baseline of the same run: listing and
 * reading every memory through the store (what orient alone costs). Run:
 * {@code java -cp engram-bench/target/benchmarks.jar io.engram.bench.DreamRunBench locomo-dev.json 1000}
 * (LoCoMo is not in the repository; docs/BENCHMARKS.md says where to get it).
 */
public final class DreamRunBench {
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  private DreamRunBench() {}

  /** Arguments: the LoCoMo file, the number of memories. */
  public static void main(String[] args) throws IOException {
    List<String> facts = facts(Path.of(args[0]));
    int n = Math.min(Integer.parseInt(args[1]), facts.size());
    try (ScratchDirectory scratch = ScratchDirectory.create("engram-dream-bench")) {
      run(scratch.path(), facts, n);
    }
  }

  private static void run(Path tmp, List<String> facts, int n) throws IOException {
    Files.createDirectories(tmp.resolve("project"));
    EngramRoots roots = new EngramRoots(tmp.resolve("home"), tmp, tmp.resolve("project"));
    EngramSettings settings = EngramSettings.DEFAULTS;
    Path dir = MemoryStores.locate(roots, settings).projectDir();
    int files = seed(dir, facts.subList(0, n));
    Instant now = START.plusSeconds(86_400L * 60);
    Dream dream = Engram.builder(roots).settings(settings).clock(Clock.fixed(now, ZoneOffset.UTC)).build().dream();

    long t0 = System.nanoTime();
    int listed = MemoryStores.directory(dir, settings.memory(), Clock.systemUTC()).list().memories().size();
    long baseline = System.nanoTime() - t0;
    long t1 = System.nanoTime();
    DreamResult dry = dream.run(new DreamOptions(true, true), DreamProgress.NONE);
    long dryNs = System.nanoTime() - t1;
    long t2 = System.nanoTime();
    DreamResult applied = dream.run(new DreamOptions(true, false), DreamProgress.NONE);
    long applyNs = System.nanoTime() - t2;
    System.out.printf(Locale.ROOT, "dream over %d topic files (%d listed): changes %s%n", files, listed,
        applied.counts());
    System.out.printf(Locale.ROOT, "baseline store.list: %.0f ms; dry run %.0f ms (%.1fx); applied run %.0f ms (%.1fx)%n",
        baseline / 1e6, dryNs / 1e6, (double) dryNs / baseline, applyNs / 1e6, (double) applyNs / baseline);
    System.out.printf(Locale.ROOT, "dry-run plan equals applied plan: %s%n",
        dry.counts().equals(applied.counts()));
  }

  private static int seed(Path dir, List<String> facts) throws IOException {
    Files.createDirectories(dir);
    StringBuilder index = new StringBuilder();
    int files = 0;
    for (int i = 0; i < facts.size(); i++) {
      Instant at = START.plusSeconds(3600L * i);
      List<Memory> ms = new ArrayList<>();
      ms.add(memory("fact-" + i, facts.get(i), at));
      if (i % 10 == 0) {
        ms.add(memory("fact-" + i + "-dup", facts.get(i) + " It was said twice.", at.plusSeconds(60)));
        ms.add(memory("port-" + i, "The service " + i + " port is 80" + (i % 7) + ".", at));
        ms.add(memory("port-" + i + "-new", "The service " + i + " port is 90" + (i % 7) + ".", at.plusSeconds(120)));
        ms.add(memory("when-" + i, "The review of module " + i + " happened yesterday.", at));
      }
      for (Memory m : ms) {
        String file = m.name() + ".md";
        Files.writeString(dir.resolve(file), MemoryFormat.format(m));
        index.append(MemoryStores.indexLine(m, file)).append('\n');
        files++;
      }
    }
    Files.writeString(dir.resolve(MemoryStores.INDEX_FILE), index);
    return files;
  }

  private static Memory memory(String name, String body, Instant at) {
    return Memory.builder(name, MemoryType.PROJECT).description(body.length() > 80 ? body.substring(0, 80) : body)
        .body(body + "\n").created(at).updated(at).build();
  }

  private static List<String> facts(Path locomo) throws IOException {
    List<String> out = new ArrayList<>();
    for (JsonNode sample : new ObjectMapper().readTree(locomo.toFile())) {
      for (Iterator<JsonNode> sessions = sample.path("observation").elements(); sessions.hasNext(); ) {
        for (Iterator<JsonNode> speakers = sessions.next().elements(); speakers.hasNext(); ) {
          for (JsonNode fact : speakers.next()) {
            out.add(fact.path(0).asText());
          }
        }
      }
    }
    return out;
  }
}
