package io.engram.bench.cli;

import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.config.RecallSettings;
import io.engram.service.wiring.RecallWiring;
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

/** {@code bench locomo}: evidence recall@k of hybrid recall on LoCoMo, beside BM25 alone. */
@Command(
    name = "locomo",
    mixinStandardHelpOptions = true,
    description = {
      "Measure recall@k on LoCoMo conversations against BM25 and vectors alone.",
      "Indexes each conversation's dialog turns as memories, asks every QA question and reports evidence"
          + " recall@k (percent) overall and per category, for recall's ranking (BM25 + vectors of the embedding"
          + " model, second pass, dates) beside the text alone, BM25 alone and vectors alone measured in the same"
          + " run, the relevance floor's effect, plus query latency p50/p95."
    })
final class BenchLocomoCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "LoCoMo JSON file.")
  Path data;

  @Option(names = "--k", split = ",", paramLabel = "K", defaultValue = "5,10,25",
      description = "Cut-offs for recall@k (default: ${DEFAULT-VALUE}).")
  List<Integer> ks;

  @Option(names = "--window", paramLabel = "N", defaultValue = "2",
      description = "Neighbouring turns of the same session on each side indexed with a turn (default: "
          + "${DEFAULT-VALUE}, chosen on conv-26; engram history indexes 1).")
  int window;

  @Option(names = "--tuned-on", paramLabel = "SAMPLE_ID", defaultValue = "conv-26",
      description = "Conversation the team's first split tuned on; the split's recall leaves it out (default: ${DEFAULT-VALUE}).")
  String tunedOn;

  @Option(names = "--part", paramLabel = "PART", defaultValue = "ALL",
      description = "Which questions: ALL, TUNING or HELD_OUT (three in ten, by a hash of the conversation's sample id"
          + " and the question's place in it; default: ${DEFAULT-VALUE}).")
  SetAside part;

  @Option(names = "--no-vectors", description = "BM25 only: skip loading the embedding model.")
  boolean noVectors;

  @Option(names = "--model", paramLabel = "NAME",
      description = "Embedding model (default: the recall.embeddingModel setting, ${bundle:recall.embeddingModel}).")
  String model;

  @Option(names = "--vector-cache", paramLabel = "FILE",
      description = "Keep the model's vectors in FILE and reuse them in later runs (benchmarks only); a pair of models"
          + " keeps each model's beside it, its name before the extension (vc.bin: vc-MODEL.bin).")
  Path vectorCache;

  @Option(names = "--candidates-out", paramLabel = "FILE",
      description = "Write each question's top 50 candidates before the rescoring, with their ranks, scores and"
          + " evidence, and its top 50 after it, as JSON lines to FILE (for analysis).")
  Path candidatesOut;

  @Option(names = "--ablations", description = "Also measure the rescoring with each of its features left out.")
  boolean ablations;

  @Mixin JsonOption json;

  @Override
  public void run() {
    if (ks.stream().anyMatch(k -> k <= 0)) {
      throw new IllegalArgumentException("--k values must be positive, got " + ks);
    }
    if (window < 0) {
      throw new IllegalArgumentException("--window must not be negative");
    }
    RecallSettings settings = GlobalOptions.of(spec).settings().recall();
    List<LocomoData.Conversation> conversations;
    Optional<Embedder> embedder;
    List<CachedEmbedder> cached = new java.util.ArrayList<>();
    List<Path> cacheFiles = new java.util.ArrayList<>();
    try {
      conversations = LocomoData.read(data).stream().map(c -> c.part(part)).toList();
      String modelName = model == null
          ? RecallWiring.modelName(GlobalOptions.of(spec).roots().engramHome(), settings) : model;
      if (noVectors) {
        embedder = Optional.empty();
      } else if (modelName.indexOf('+') > 0) { // a pair over each model's own cache: the same texts, read once
        String[] names = modelName.split("\\+", 2);
        for (String name : names) {
          Optional<Path> file = Optional.ofNullable(vectorCache).map(f -> besides(f, name));
          cached.add(CachedEmbedder.over(RecallWiring.embedder(GlobalOptions.of(spec).roots(), name), file));
          file.ifPresent(cacheFiles::add);
        }
        embedder = Optional.of(io.engram.embeddings.PairedEmbedder.of(cached.get(0), cached.get(1)));
      } else {
        cached.add(CachedEmbedder.over(RecallWiring.embedder(GlobalOptions.of(spec).roots(), modelName),
            Optional.ofNullable(vectorCache)));
        Optional.ofNullable(vectorCache).ifPresent(cacheFiles::add);
        embedder = Optional.of(cached.get(0));
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e.getMessage(), e);
    }
    LocomoBench bench = new LocomoBench(new LocomoBench.Params(ks, window, tunedOn, ablations),
        embedder, settings);
    LocomoReport report;
    if (candidatesOut == null) {
      report = bench.run(data.toString(), conversations);
    } else {
      try (LocomoCandidates dump = new LocomoCandidates(candidatesOut, 50)) {
        report = bench.dumpingTo(dump).run(data.toString(), conversations);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException("cannot write " + candidatesOut + ": " + e.getMessage(), e);
      }
    }
    for (int i = 0; i < cacheFiles.size(); i++) {
      try {
        cached.get(i).save(cacheFiles.get(i));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException("cannot write the vector cache " + cacheFiles.get(i) + ": "
            + e.getMessage(), e);
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, report);
      return;
    }
    print(out, report);
    out.flush();
  }

  /** {@code file} with {@code model} before its extension: {@code vc.bin} and MiniLM give {@code vc-MiniLM.bin}. */
  private static Path besides(Path file, String model) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    return file.resolveSibling(stem + "-" + model + (dot > 0 ? name.substring(dot) : ""));
  }

  private void print(PrintWriter out, LocomoReport report) {
    out.printf("LoCoMo %s: %d conversations, %d turns, %d questions (%d without usable evidence skipped)%n",
        report.dataSet().data(), report.dataSet().conversations(), report.dataSet().documents(), report.dataSet().questions(),
        report.dataSet().questionsWithoutEvidence());
    out.printf("embedder %s; documents: %s; fusion: %s, vector share %s, second pass %s, date boost %s%n",
        report.embedder(), report.method().documents(), report.method().ranking(), report.method().vectorShare(),
        report.method().secondPassShare(), report.method().dateBoost());
    RecallSettings.Rescoring rs = report.method().rescoring();
    out.printf("rescoring: own text %s, time answer %s, dated %s, substance %s (saturating at %d words), session %s,"
        + " answers %s, question -%s, tokens %s and reply tokens %s (the best %d)%n%n", rs.ownText(), rs.timeAnswer(),
        rs.dated(), rs.substance(), rs.substanceWords(), rs.group(), rs.answers(), rs.question(), rs.tokens(),
        rs.replyTokens(), rs.tokenCandidates());
    out.printf("%-22s %s%n", "evidence recall@k (%)", String.join("  ", ks.stream().map(k -> String.format("@%-5d", k)).toList()));
    printRow(out, "recall", report.ranking().recall());
    report.comparison().baselines().forEach((name, b) -> printRow(out, name, b.recall()));
    printRow(out, "DRAGON (paper)", report.comparison().publishedDragon());
    out.println();
    out.println("by category (recall; n questions):");
    report.ranking().byCategory().forEach((c, r) -> printRow(out, "  cat " + c + " (n=" + report.ranking().questionsByCategory().get(c) + ")", r));
    LocomoReport.Baseline before = report.comparison().baselines().get(LocomoBench.WITHOUT_RESCORING);
    if (before != null) {
      out.println("by category (" + LocomoBench.WITHOUT_RESCORING + "):");
      before.byCategory().forEach((c, r) -> printRow(out, "  cat " + c, r));
    }
    out.println();
    out.println("team's split (all but " + tunedOn + ", " + report.split().questions() + " questions):");
    printRow(out, "  recall", report.split().recall());
    report.comparison().baselines().forEach((name, b) -> printRow(out, "  " + name, b.split()));
    report.split().byCategory().forEach((c, r) -> printRow(out, "  cat " + c, r));
    out.println();
    LocomoFloor.Effect f = report.floor();
    out.printf("relevance floor (keywords %.2f, cosine %.2f): %d of %d questions get nothing; evidence in the top k"
        + " cut by the floor (%%):%n", f.keywordFloor(), f.vectorFloor(), f.questionsWithNothing(), f.questions());
    printRow(out, "  evidence cut", f.evidenceCutPercent());
    printRow(out, "  recall with floor", f.recallWithFloor());
    out.println();
    report.timing().latencyMs().forEach((name, l) -> out.printf("latency %-10s p50 %.2f ms  p95 %.2f ms%n", name, l.p50(), l.p95()));
    out.printf("indexing: %.1f s, %.0f turns/s (embedding included)%n", report.timing().indexing().seconds(),
        report.timing().indexing().docsPerSecond());
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
