package io.engram.cli.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.engram.cli.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.embeddings.MiniLmEmbedder;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram bench recall}: recall latency and index build rate at growing memory counts. */
@Command(
    name = "recall",
    mixinStandardHelpOptions = true,
    description = {
      "Measure recall latency and index build rate over synthetic memories.",
      "At each size: query latency (p50/p95) and build rate of Lucene BM25, HNSW and hybrid against the in-core"
          + " BM25 and brute-force cosine baseline, in the same run.",
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
      description = "Memories to embed with the MiniLM model to measure its rate; 0 skips (default: ${DEFAULT-VALUE}).")
  int modelSample;

  @Mixin JsonOption json;

  /** The whole report; {@code model} is empty with {@code --model-sample 0}. */
  record Report(String vectors, int queriesPerSize, List<RecallLatencyBench.SizeResult> sizes, ModelRate model) {}

  /** The MiniLM model's own rate: load time, memories embedded a second, and one query's embedding time. */
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
    RecallLatencyBench bench =
        new RecallLatencyBench(projection, queries, GlobalOptions.of(spec).settings().recall().fusionK());
    List<RecallLatencyBench.SizeResult> results = new ArrayList<>();
    for (int size : sizes) {
      results.add(bench.run(size, 42L + size));
    }
    Report report = new Report(projection.name() + " (word-seeded Gaussian vectors, summed and normalised)", queries,
        results, modelRate());
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, report);
      return;
    }
    out.printf("vectors: %s; %d queries per size, p50/p95 in ms after one warm-up pass%n%n", report.vectors(), queries);
    for (RecallLatencyBench.SizeResult r : results) {
      out.printf("%,d memories%n", r.memories());
      r.buildDocsPerSecond().forEach((k, v) -> out.printf("  build %-32s %,12.0f memories/s%n", k, v));
      r.latencyMs().forEach((k, v) -> out.printf("  query %-32s p50 %8.3f  p95 %8.3f%n", k, v.p50(), v.p95()));
      r.ratios().forEach((k, v) -> out.printf("  ratio %-32s %8.1fx%n", k, v));
      out.printf("  hnsw recall@10 vs exact          %8.3f%n%n", r.hnswRecallAt10());
    }
    ModelRate m = report.model();
    m.name().ifPresent(name -> out.printf("MiniLM model: %s, loaded in %.3f s, %.1f memories/s, %.3f ms a query%n",
        name, m.loadSeconds().orElse(0.0), m.embedPerSecond().orElse(0.0), m.queryEmbedMs().orElse(0.0)));
    out.flush();
  }

  private ModelRate modelRate() {
    if (modelSample == 0) {
      return ModelRate.SKIPPED;
    }
    long t0 = System.nanoTime();
    MiniLmEmbedder model = new MiniLmEmbedder();
    long t1 = System.nanoTime();
    List<String> texts = new SyntheticMemories(7, 20_000).memories(modelSample).stream()
        .map(io.engram.recall.RecallDocument::searchText).toList();
    model.embedAll(texts);
    long t2 = System.nanoTime();
    return new ModelRate(Optional.of(model.name()), Optional.of(Latencies.round3((t1 - t0) / 1e9)),
        Optional.of(Math.round(modelSample / ((t2 - t1) / 1e9) * 10) / 10.0),
        Optional.of(Latencies.round3(queryEmbedMs(model))));
  }

  private static double queryEmbedMs(MiniLmEmbedder model) {
    Latencies l = new Latencies();
    for (int i = 0; i < 40; i++) {
      long t0 = System.nanoTime();
      model.embed("how do we run the integration tests " + i);
      l.add(System.nanoTime() - t0);
    }
    return l.percentileMs(50);
  }
}
