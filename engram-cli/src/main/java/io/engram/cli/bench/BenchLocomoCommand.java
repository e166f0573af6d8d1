package io.engram.cli.bench;

import io.engram.cli.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.config.EngramSettings;
import io.engram.embeddings.MiniLmEmbedder;
import io.engram.recall.Embedder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram bench locomo}: evidence recall@k of hybrid recall on LoCoMo, beside BM25 alone. */
@Command(
    name = "locomo",
    mixinStandardHelpOptions = true,
    description = {
      "Measure recall@k on LoCoMo conversations against BM25 and vectors alone.",
      "Indexes each conversation's dialog turns as memories, asks every QA question and reports evidence"
          + " recall@k (percent) overall and per category, for hybrid recall (BM25 + MiniLM vectors) beside"
          + " BM25 alone and vectors alone measured in the same run, plus query latency p50/p95."
    })
final class BenchLocomoCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "LoCoMo JSON file.")
  Path data;

  @Option(names = "--k", split = ",", paramLabel = "K", defaultValue = "5,10,25",
      description = "Cut-offs for recall@k (default: ${DEFAULT-VALUE}).")
  List<Integer> ks;

  @Option(names = "--window", paramLabel = "N", defaultValue = "2",
      description = "Neighbouring turns on each side indexed with a turn (default: ${DEFAULT-VALUE}, chosen on conv-26).")
  int window;

  @Option(names = "--vector-weight", paramLabel = "W",
      description = "Weight of the vector ranking in the RRF row hybrid-rrf (default: the recall.vectorWeight"
          + " setting, ${bundle:recall.vectorWeight}, chosen on conv-26). The hybrid row follows recall.fusion and recall.vectorShare.")
  Double vectorWeight;

  @Option(names = "--tuned-on", paramLabel = "SAMPLE_ID", defaultValue = "conv-26",
      description = "Conversation the defaults were chosen on; held-out recall leaves it out (default: ${DEFAULT-VALUE}).")
  String tunedOn;

  @Option(names = "--no-vectors", description = "BM25 only: skip loading the embedding model.")
  boolean noVectors;

  @Mixin JsonOption json;

  @Override
  public void run() {
    if (ks.stream().anyMatch(k -> k <= 0)) {
      throw new IllegalArgumentException("--k values must be positive, got " + ks);
    }
    EngramSettings.Recall settings = GlobalOptions.of(spec).settings().recall();
    double weight = vectorWeight == null ? settings.vectorWeight() : vectorWeight;
    if (window < 0 || weight < 0) {
      throw new IllegalArgumentException("--window and --vector-weight must not be negative");
    }
    List<LocomoData.Conversation> conversations;
    try {
      conversations = LocomoData.read(data);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e.getMessage(), e);
    }
    Optional<Embedder> embedder = noVectors ? Optional.empty() : Optional.of(new MiniLmEmbedder());
    LocomoBench.Report report =
        new LocomoBench(new LocomoBench.Params(ks, window, weight, tunedOn), embedder, settings).run(data.toString(), conversations);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, report);
      return;
    }
    out.printf("LoCoMo %s: %d conversations, %d turns, %d questions (%d without usable evidence skipped)%n",
        report.dataSet().data(), report.dataSet().conversations(), report.dataSet().documents(),
        report.dataSet().questions(), report.dataSet().questionsWithoutEvidence());
    out.printf("embedder %s; documents: %s; fusion: %s%n%n", report.embedder(), report.method().documents(),
        report.method().fusion());
    out.printf("%-22s %s%n", "evidence recall@k (%)", String.join("  ", ks.stream().map(k -> String.format("@%-5d", k)).toList()));
    printRow(out, "hybrid", report.hybrid().recall());
    report.baselines().forEach((name, b) -> printRow(out, name, b.recall()));
    printRow(out, "DRAGON (paper)", report.publishedDragon());
    out.println();
    out.println("held out (all but " + tunedOn + "):");
    report.hybrid().heldOutRecall().forEach((name, r) -> printRow(out, "  " + name, r));
    out.println();
    out.println("by category (hybrid; n questions):");
    report.hybrid().byCategory().forEach((c, r) ->
        printRow(out, "  cat " + c + " (n=" + report.hybrid().questionsByCategory().get(c) + ")", r));
    out.println();
    report.latencyMs().forEach((name, l) -> out.printf("latency %-10s p50 %.2f ms  p95 %.2f ms%n", name, l.p50(), l.p95()));
    out.printf("indexing: %.1f s, %.0f turns/s (embedding included)%n", report.indexing().seconds(),
        report.indexing().docsPerSecond());
    out.flush();
  }

  private void printRow(PrintWriter out, String label, Map<String, Double> recall) {
    StringBuilder row = new StringBuilder(String.format("%-22s", label));
    for (Integer k : ks) {
      Double v = recall.get(String.valueOf(k));
      row.append(' ').append(v == null ? "  -   " : String.format("%5.1f ", v));
    }
    out.println(row.toString().stripTrailing());
  }
}
