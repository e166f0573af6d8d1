package io.engram.bench.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.cli.output.ProgressDisplay;
import io.engram.config.RecallSettings;
import io.engram.service.wiring.RecallWiring;
import io.engram.index.LuceneSearchIndex;
import io.engram.recall.Embedder;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench recall}: recall latency and index build rate at growing memory counts. */
@Command(
    name = "recall",
    mixinStandardHelpOptions = true,
    description = {
      "Measure recall latency and index build rate over synthetic memories.",
      "At each size: query latency (p50/p95) and build rate of Lucene BM25, exact and HNSW vector search and"
          + " hybrid against the in-core BM25 and brute-force cosine baseline, in the same run, and how many of the"
          + " true ten nearest neighbours HNSW and the configured search (exact up to the cut-over) return.",
      "Vectors come from a random-projection embedder (word-seeded Gaussian vectors, 384 dimensions), not the"
          + " neural model; the model's own embedding rate is measured separately on a small sample."
    })
final class BenchRecallCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--sizes", split = ",", paramLabel = "N", defaultValue = "1000,10000,100000",
      description = "Memory counts to measure (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(names = "--queries", paramLabel = "N", defaultValue = "200", description = "Queries per size (default: ${DEFAULT-VALUE}).")
  int queries;

  @Option(names = "--model-sample", paramLabel = "N", defaultValue = "200",
      description = "Memories to embed with the embedding model to measure its rate; 0 skips (default: ${DEFAULT-VALUE}).")
  int modelSample;

  @Option(names = "--model", paramLabel = "NAME",
      description = "Embedding model whose rate is measured (default: the recall.embeddingModel setting,"
          + " ${bundle:recall.embeddingModel}).")
  String model;

  @Option(names = "--exact-limit", paramLabel = "N",
      description = "Exact vector search up to N vectors (default: recall.exactVectorLimit, ${bundle:recall.exactVectorLimit}).")
  Integer exactLimit;

  @Option(names = "--hnsw", split = ",", paramLabel = "M,BEAM,EF",
      description = "HNSW graph connections, build beam width and search candidates (default: recall.hnswMaxConnections,"
          + " recall.hnswBeamWidth, recall.hnswCandidates: ${bundle:recall.hnswMaxConnections},"
          + " ${bundle:recall.hnswBeamWidth}, ${bundle:recall.hnswCandidates}).")
  List<Integer> hnsw;

  @Option(names = "--more-candidates", split = ",", paramLabel = "EF",
      description = "Further HNSW candidate counts to measure beside the configured one: latency and recall@10 of"
          + " each (default: none).")
  List<Integer> moreCandidates = List.of();

  @Mixin JsonOption json;

  /** The whole report; {@code model} is empty with {@code --model-sample 0}. */
  record Report(String vectors, int queriesPerSize, LuceneSearchIndex.VectorSearch vectorSearch,
      List<RecallLatencyBench.SizeResult> sizes, ModelRate model) {}

  /** The embedding model's own rate: load time, memories embedded a second, and one query's embedding time. */
  @JsonInclude(JsonInclude.Include.NON_ABSENT)
  record ModelRate(Optional<String> name, Optional<Double> loadSeconds, Optional<Double> embedPerSecond,
      Optional<Double> queryEmbedMs) {
    static final ModelRate SKIPPED = new ModelRate(Optional.empty(), Optional.empty(), Optional.empty(),
        Optional.empty());
  }

  @Override
  public void run() {
    if (sizes.stream().anyMatch(n -> n <= 0) || queries <= 0 || modelSample < 0) {
      throw new IllegalArgumentException("--sizes and --queries must be positive, --model-sample not negative");
    }
    RandomProjectionEmbedder projection = new RandomProjectionEmbedder(384);
    RecallSettings settings = GlobalOptions.of(spec).settings().recall();
    LuceneSearchIndex.VectorSearch configured = LuceneSearchIndex.VectorSearch.of(settings);
    if (hnsw != null && hnsw.size() != 3) {
      throw new IllegalArgumentException("--hnsw takes three numbers: M,BEAM,EF; got " + hnsw);
    }
    LuceneSearchIndex.VectorSearch vectorSearch = new LuceneSearchIndex.VectorSearch(
        exactLimit == null ? configured.exactLimit() : exactLimit,
        hnsw == null ? configured.maxConnections() : hnsw.get(0), hnsw == null ? configured.beamWidth() : hnsw.get(1),
        hnsw == null ? configured.candidates() : hnsw.get(2));
    if (moreCandidates.stream().anyMatch(ef -> ef < 1)) {
      throw new IllegalArgumentException("--more-candidates values must be positive, got " + moreCandidates);
    }
    RecallLatencyBench bench = new RecallLatencyBench(projection, queries, settings.fusionK(), vectorSearch,
        moreCandidates);
    // Each size takes from a second to minutes: say which one runs as it starts.
    ProgressDisplay progress = ProgressDisplay.of(spec, "bench recall", json.enabled());
    List<RecallLatencyBench.SizeResult> results = new ArrayList<>();
    for (int size : sizes) {
      progress.phase(String.format("%,d memories (size %d of %d)", size, results.size() + 1, sizes.size()), 0);
      results.add(bench.run(size, 42L + size));
    }
    if (modelSample > 0) {
      progress.phase("the embedding model's own rate (" + modelSample + " memories)", 0);
    }
    ModelRate rate = modelRate(model == null
        ? RecallWiring.modelName(GlobalOptions.of(spec).roots().engramHome(), settings) : model);
    progress.finish();
    Report report = new Report(projection.name() + " (word-seeded Gaussian vectors, summed and normalised)", queries,
        vectorSearch, results, rate);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, report);
      return;
    }
    out.printf("vectors: %s; %d queries per size, p50/p95 in ms after one warm-up pass%n", report.vectors(), queries);
    out.printf("vector search: exact up to %,d vectors, else HNSW (M %d, beam width %d, %d candidates)%n%n",
        vectorSearch.exactLimit(), vectorSearch.maxConnections(), vectorSearch.beamWidth(), vectorSearch.candidates());
    for (RecallLatencyBench.SizeResult r : results) {
      out.printf("%,d memories%n", r.memories());
      r.buildDocsPerSecond().forEach((k, v) -> out.printf("  build %-32s %,12.0f memories/s%n", k, v));
      r.latencyMs().forEach((k, v) -> out.printf("  query %-32s p50 %8.3f  p95 %8.3f%n", k, v.p50(), v.p95()));
      r.ratios().forEach((k, v) -> out.printf("  ratio %-32s %8.1fx%n", k, v));
      out.printf("  hnsw recall@10 vs exact          %8.3f%n", r.hnswRecallAt10());
      r.hnswRecallAt10ByCandidates().forEach((ef, v) -> out.printf("  hnsw recall@10, %-5s candidates  %8.3f%n", ef, v));
      out.printf("  vector recall@10 vs exact        %8.3f  (%s search at this size)%n%n", r.vectorRecallAt10(),
          r.vectorSearchUsed());
    }
    ModelRate m = report.model();
    m.name().ifPresent(name -> out.printf("embedding model: %s, loaded in %.3f s, %.1f memories/s, %.3f ms a query%n",
        name, m.loadSeconds().orElse(0.0), m.embedPerSecond().orElse(0.0), m.queryEmbedMs().orElse(0.0)));
    out.flush();
  }

  private ModelRate modelRate(String name) {
    if (modelSample == 0) {
      return ModelRate.SKIPPED;
    }
    long t0 = System.nanoTime();
    Embedder model = RecallWiring.embedder(GlobalOptions.of(spec).roots(), name);
    long t1 = System.nanoTime();
    List<String> texts = new SyntheticMemories(7, 20_000).memories(modelSample).stream()
        .map(io.engram.recall.RecallDocument::searchText).toList();
    model.embedAll(texts);
    long t2 = System.nanoTime();
    return new ModelRate(Optional.of(model.name()), Optional.of(Latencies.round3((t1 - t0) / 1e9)),
        Optional.of(Math.round(modelSample / ((t2 - t1) / 1e9) * 10) / 10.0),
        Optional.of(Latencies.round3(queryEmbedMs(model))));
  }

  private static double queryEmbedMs(Embedder model) {
    Latencies l = new Latencies();
    for (int i = 0; i < 40; i++) {
      long t0 = System.nanoTime();
      model.embedQuery("how do we run the integration tests " + i);
      l.add(System.nanoTime() - t0);
    }
    return l.percentileMs(50);
  }
}
