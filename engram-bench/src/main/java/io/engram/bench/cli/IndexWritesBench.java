package io.engram.bench.cli;

import io.engram.cli.global.GlobalOptions;
import io.engram.cli.global.UserFacingException;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.index.LuceneSearchIndex;
import io.engram.recall.RecallDocument;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench index-writes}: how long storing vectors holds the on-disk index, in the configured vector
 * format against one that always builds an HNSW graph.
 */
@Command(
    name = "index-writes",
    mixinStandardHelpOptions = true,
    description = {
      "Measure how long storing vectors holds the on-disk search index.",
      "Stored as the resident service's background catch-up stores them: an index of synthetic memories held by keywords alone gets their vectors a chunk at a time, each chunk"
          + " committed and the writer released. Measured twice in the same run: with the configured vector"
          + " format (no graph up to recall.exactVectorLimit) and with an HNSW graph always built."
    })
final class IndexWritesBench implements Runnable {
  /** How long a recall waits for the index before it searches by keywords in memory instead. */
  private static final long RECALL_WAIT_MS = 1_000;

  @Spec CommandSpec spec;

  @Option(names = "--memories", paramLabel = "N", defaultValue = "10000",
      description = "Memories in the index (default: ${DEFAULT-VALUE}).")
  int memories;

  @Option(names = "--chunk", paramLabel = "N", defaultValue = "256",
      description = "Vectors stored per commit, as the catch-up stores them (default: ${DEFAULT-VALUE}).")
  int chunk;

  @Mixin JsonOption json;

  /** One way of storing: the whole time, each store's hold on the index, and how many held it past a recall's wait. */
  record Result(double seconds, Latencies.Percentiles storeMs, double longestMs, int storesOverRecallWait) {}

  /** The whole report. */
  record Report(int memories, int chunk, Map<String, Result> formats, double totalRatio, double longestRatio) {}

  @Override
  public void run() {
    if (memories <= 0 || chunk <= 0) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--memories and --chunk must be positive");
    }
    LuceneSearchIndex.VectorSearch configured =
        LuceneSearchIndex.VectorSearch.of(GlobalOptions.of(spec).settings().recall());
    LuceneSearchIndex.VectorSearch graphed = configured.withExactLimit(0);
    List<RecallDocument> docs = new SyntheticMemories(42L, 20_000).memories(memories);
    RandomProjectionEmbedder embedder = new RandomProjectionEmbedder(384);
    List<float[]> vectors = docs.stream().map(d -> embedder.embed(d.searchText())).toList();
    Map<String, Result> formats = new LinkedHashMap<>();
    formats.put("as configured", measure(configured, docs, vectors));
    formats.put("hnsw graph always", measure(graphed, docs, vectors));
    Result asConfigured = formats.get("as configured");
    Result graph = formats.get("hnsw graph always");
    Report report = new Report(memories, chunk, formats, ratio(graph.seconds(), asConfigured.seconds()),
        ratio(graph.longestMs(), asConfigured.longestMs()));
    print(report, configured);
  }

  private Result measure(LuceneSearchIndex.VectorSearch search, List<RecallDocument> docs, List<float[]> vectors) {
    Path dir = null;
    try {
      dir = Files.createTempDirectory("engram-bench-index-writes");
      try (LuceneSearchIndex index = LuceneSearchIndex.onDisk(dir, search)) {
        for (RecallDocument d : docs) {
          index.upsert(entry(d, Optional.empty()));
        }
        index.release();
        Latencies stores = new Latencies();
        double longest = 0;
        int overWait = 0;
        long start = System.nanoTime();
        for (int from = 0; from < docs.size(); from += chunk) {
          long t0 = System.nanoTime();
          for (int i = from; i < Math.min(docs.size(), from + chunk); i++) {
            index.upsert(entry(docs.get(i), Optional.of(vectors.get(i))));
          }
          index.commit();
          index.release();
          long took = System.nanoTime() - t0;
          stores.add(took);
          longest = Math.max(longest, took / 1e6);
          overWait += took / 1_000_000 > RECALL_WAIT_MS ? 1 : 0;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(Math.round(seconds * 100) / 100.0, stores.summary(), Latencies.round3(longest), overWait);
      }
    } catch (IOException e) {
      throw new UserFacingException("bench index-writes: " + e.getMessage());
    } finally {
      HookBenchRig.deleteQuietly(dir);
    }
  }

  private static SearchIndex.Entry entry(RecallDocument d, Optional<float[]> vector) {
    String hash = Integer.toHexString(d.searchText().hashCode()) + (vector.isPresent() ? "+vector" : "");
    return new SearchIndex.Entry(d.id(), hash, d.name(), d.description(), d.indexedBody(), vector);
  }

  private static double ratio(double slow, double fast) {
    return fast == 0 ? 0 : Math.round(slow / fast * 10) / 10.0;
  }

  private void print(Report report, LuceneSearchIndex.VectorSearch configured) {
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, report);
      return;
    }
    out.printf("%,d memories, vectors stored %d a commit, the writer released after each;"
        + " exact search (no graph) up to %,d vectors as configured%n%n", report.memories(), report.chunk(),
        configured.exactLimit());
    report.formats().forEach((name, r) -> out.printf(
        "  %-18s all %8.2f s  store p50 %9.1f ms  p95 %9.1f ms  longest %9.1f ms  over %d ms: %d%n", name,
        r.seconds(), r.storeMs().p50(), r.storeMs().p95(), r.longestMs(), RECALL_WAIT_MS, r.storesOverRecallWait()));
    out.printf("%n  ratio graph/configured: all %.1fx, longest %.1fx%n", report.totalRatio(), report.longestRatio());
    out.flush();
  }
}
