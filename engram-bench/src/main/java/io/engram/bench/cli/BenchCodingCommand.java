package io.engram.bench.cli;

import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.config.RecallSettings;
import io.engram.service.wiring.RecallWiring;
import io.engram.embeddings.BertModel;
import io.engram.embeddings.ModelResources;
import io.engram.recall.Embedder;
import io.engram.recall.RecallDocument;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench coding}: recall and the relevance floor on coding-agent memories, model by model. */
@Command(
    name = "coding",
    mixinStandardHelpOptions = true,
    description = {
      "Measure recall on coding-agent memories for each embedding model.",
      "Also tunes the relevance floor of each model.",
      "The data (--data) holds memories and the queries a developer types mid-session, each with the memories"
          + " that answer it, or none. For each model: load time, memories embedded a second, query embedding"
          + " time; hit@k and MRR of vectors alone, BM25 alone (the baseline, same run) and recall's ranking; and"
          + " what the relevance floor sends: answered queries, silent unanswerable ones, precision, and the"
          + " expected memories the floor cut, at the configured floor and over a grid."
    })
final class BenchCodingCommand implements Runnable {
  @Spec CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "FILE", description = "Coding recall set (JSON).")
  Path data;

  @Option(names = "--models", split = ",", paramLabel = "NAME",
      description = "Embedding models to compare, or 'all' for every model that can be loaded here (default: the"
          + " recall.embeddingModel setting, ${bundle:recall.embeddingModel}).")
  List<String> models;

  @Option(names = "--no-vectors", description = "Keywords only: no embedding model.")
  boolean noVectors;

  @Option(names = "--part", paramLabel = "PART", defaultValue = "ALL",
      description = "Which queries: ALL, TUNING or HELD_OUT (three in ten, by a hash of the memory each asks for, or of"
          + " the prompt when none answers it; default: ${DEFAULT-VALUE}).")
  SetAside part;

  @Option(names = "--misses", description = "Also list each query whose expected memory recall left out of its top 3:"
      + " where recall, BM25 and vectors ranked it, its keyword coverage and cosine, and recall's top 3.")
  boolean misses;

  @Mixin JsonOption json;

  /** One model's costs and figures. */
  record Row(String model, double loadSeconds, double embedPerSecond, double queryEmbedMs,
      CodingRecallBench.ModelResult result) {}

  /** The whole report. */
  record Report(String data, String part, int memories, int queries, int unanswerable, List<Row> models) {}

  @Override
  public void run() {
    GlobalOptions global = GlobalOptions.of(spec);
    RecallSettings settings = global.settings().recall();
    CodingSet set;
    try {
      set = CodingSet.read(data).part(part);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
    CodingRecallBench bench = new CodingRecallBench(set, settings);
    List<Row> rows = new ArrayList<>();
    rows.add(new Row("none (bm25 only)", 0, 0, 0, bench.run(Optional.empty(), List.of())));
    if (!noVectors) {
      for (String name : modelNames(settings, global)) {
        long t0 = System.nanoTime();
        Embedder e = RecallWiring.embedder(global.roots(), name);
        double load = (System.nanoTime() - t0) / 1e9;
        List<String> texts = set.memories().stream().map(RecallDocument::searchText).toList();
        long t1 = System.nanoTime();
        e.embedAll(texts);
        double rate = texts.size() / ((System.nanoTime() - t1) / 1e9);
        Latencies q = new Latencies();
        for (CodingSet.Query query : set.queries()) {
          long t2 = System.nanoTime();
          e.embedQuery(query.text());
          q.add(System.nanoTime() - t2);
        }
        double f = settings.vectorFloor(name);
        List<Double> grid = Double.isInfinite(f) ? List.of(0.3, 0.5, 0.7, 0.8)
            : List.of(f - 0.1, f - 0.05, f, f + 0.05, f + 0.1).stream().map(v -> Math.round(v * 100) / 100.0).toList();
        rows.add(new Row(name, Latencies.round3(load), Math.round(rate * 10) / 10.0, Latencies.round3(q.percentileMs(50)),
            bench.run(Optional.of(e), grid)));
      }
    }
    int unanswerable = (int) set.queries().stream().filter(q -> q.expected().isEmpty()).count();
    Report report = new Report(data.toString(), part.name(), set.memories().size(), set.queries().size(), unanswerable, rows);
    PrintWriter out = spec.commandLine().getOut();
    if (json.enabled()) {
      JsonOutput.print(out, report);
    } else {
      print(out, report, settings, misses);
    }
    out.flush();
  }

  private List<String> modelNames(RecallSettings settings, GlobalOptions global) {
    if (models == null || models.isEmpty()) {
      return List.of(RecallWiring.modelName(global.roots().engramHome(), settings));
    }
    if (models.size() == 1 && models.get(0).equals("all")) {
      ModelResources here = ModelResources.classpathAnd(RecallWiring.modelsDirectory(global.roots()));
      return BertModel.KNOWN.stream().filter(here::has).map(BertModel::name).toList();
    }
    return models;
  }

  private static void print(PrintWriter out, Report r, RecallSettings settings, boolean misses) {
    out.printf("coding set %s (%s): %d memories, %d queries (%d with no answer in the store)%n%n", r.data(), r.part(),
        r.memories(), r.queries(), r.unanswerable());
    out.printf("%-22s %7s %9s %8s  %-34s %-34s%n", "model", "load s", "embed/s", "query ms", "hit@1/3/5 vector bm25 recall",
        "MRR vector bm25 recall");
    for (Row row : r.models()) {
      var m = row.result();
      out.printf("%-22s %7.2f %9.1f %8.2f  %-34s %-34s%n", row.model(), row.loadSeconds(), row.embedPerSecond(),
          row.queryEmbedMs(), hits(m, "vector") + " " + hits(m, "bm25") + " " + hits(m, "recall"),
          m.mrr().getOrDefault("vector", 0.0) + " " + m.mrr().get("bm25") + " " + m.mrr().get("recall"));
    }
    out.println();
    for (Row row : r.models()) {
      if (!row.result().byLanguage().isEmpty()) {
        out.printf("%-22s by language, hit@1/3/5: %s%n", row.model(), row.result().byLanguage());
      }
    }
    out.println();
    out.printf("relevance floor (%d files a turn): answered / expected sent / silent when nothing answers / precision /"
        + " expected cut (%%)%n", settings.filesPerTurn());
    for (Row row : r.models()) {
      CodingRecallBench.Floor f = row.result().floor();
      out.printf("%-22s configured %s%n", row.model(), floorText(f));
      row.result().floorByLanguage().forEach((lang, lf) -> out.printf("%-22s   %-8s %s%n", "", lang, floorText(lf)));
      for (CodingRecallBench.Floor g : row.result().anchorGrid()) {
        out.printf("%-22s   anchored %s%n", "", floorText(g).replace("cosine", "margin"));
      }
      row.result().gatedGrid().forEach((lang, grid) -> grid.forEach(g ->
          out.printf("%-22s   gated    %-8s %s%n", "", lang, floorText(g).replace("cosine", "gate  "))));
      row.result().bm25Floor().forEach((lang, g) ->
          out.printf("%-22s   bm25     %-8s %s%n", "", lang, floorText(g)));
      row.result().askedGrid().forEach((lang, grid) -> grid.forEach(g ->
          out.printf("%-22s   asked    %-8s %s%n", "", lang, floorText(g).replace("cosine", "cover "))));
      row.result().otherScriptGrid().forEach((lang, grid) -> grid.forEach(g ->
          out.printf("%-22s   across   %-8s %s%n", "", lang, floorText(g).replace("cosine", "margin"))));
      row.result().anchorGridByLanguage().forEach((lang, grid) -> grid.forEach(g ->
          out.printf("%-22s   anchored %-8s %s%n", "", lang, floorText(g).replace("cosine", "margin"))));
      for (CodingRecallBench.Floor g : row.result().floorGrid()) {
        out.printf("%-22s   grid     %s%n", "", floorText(g));
      }
    }
    if (misses) {
      for (Row row : r.models()) {
        out.printf("%nmisses at 3, %s: recall / bm25 / vector rank (0: not found), coverage, cosine%n", row.model());
        for (CodingRecallBench.Miss m : row.result().misses()) {
          out.printf("  %-4s %2d %2d %2d %.2f %.3f %s <- %s | top: %s%n", m.lang(), m.recallRank(), m.bm25Rank(),
              m.vectorRank(), m.coverage(), m.cosine(), m.expected(), m.query(), String.join(", ", m.recallTop()));
        }
        out.printf("%nsent for prompts no memory answers, %s: the first's coverage and cosine, the vector floor and"
            + " keyword gate%n", row.model());
        for (CodingRecallBench.Unwanted u : row.result().unwanted()) {
          out.printf("  %-4s %.2f %.3f %.3f %.3f %s | sent: %s%n", u.lang(), u.coverage(), u.cosine(), u.vectorFloor(),
              u.keywordGate(), u.query(), String.join(", ", u.sent()));
        }
      }
    }
  }

  private static String hits(CodingRecallBench.ModelResult m, String name) {
    if (!m.hitAt().containsKey(name + "@1")) {
      return "-";
    }
    return m.hitAt().get(name + "@1") + "/" + m.hitAt().get(name + "@3") + "/" + m.hitAt().get(name + "@5");
  }

  private static String floorText(CodingRecallBench.Floor f) {
    return String.format("keywords %.2f cosine %5.2f: %5.1f %5.1f %5.1f %5.1f %5.1f", f.keywordFloor(), f.vectorFloor(),
        f.answered(), f.expectedSent(), f.silent(), f.precision(), f.cut());
  }
}
