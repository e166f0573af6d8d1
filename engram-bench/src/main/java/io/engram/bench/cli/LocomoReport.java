package io.engram.bench.cli;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.config.RecallSettings;
import io.engram.recall.Embedder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code bench locomo} reports; serialised as the command's JSON.
 *
 * @param ranking recall's ranking, recall@k in percent over every question of the file
 * @param split the same over the conversations other than {@code method.tunedOn} (the team's first split)
 * @param comparison the other rankings measured in the same run, each over the file and over the split
 * @param floor what the relevance floor does to recall's ranking
 */
record LocomoReport(
    @JsonUnwrapped DataSet dataSet,
    String embedder,
    Method method,
    @JsonUnwrapped Ranking ranking,
    Split split,
    @JsonUnwrapped Comparison comparison,
    LocomoFloor.Effect floor,
    @JsonUnwrapped Timing timing) {

  /** The data set read: its name, how many conversations, turns indexed and questions (and those without evidence). */
  record DataSet(String data, int conversations, int documents, int questions, int questionsWithoutEvidence) {}

  /** Recall's ranking: recall@k in percent overall, per category, and each category's question count. */
  record Ranking(Map<String, Double> recall, Map<String, Map<String, Double>> byCategory,
      Map<String, Integer> questionsByCategory) {}

  /** The rankings measured beside recall's in the same run, and the paper's published figures. */
  record Comparison(Map<String, Baseline> baselines, Map<String, Double> publishedDragon) {}

  /** Query latency per ranking and indexing speed. */
  record Timing(Map<String, Latencies.Percentiles> latencyMs, Indexing indexing) {}

  /** How the run indexed and ranked, and the conversation the team's first split tuned on. */
  record Method(String documents, String ranking, double vectorShare, double secondPassShare, double dateBoost,
      RecallSettings.Rescoring rescoring, int candidatesPerRetriever, String tunedOn) {}

  /** Recall over the conversations other than the tuned one: overall and per category. */
  record Split(String excluding, int questions, Map<String, Double> recall, Map<String, Map<String, Double>> byCategory) {}

  /** A ranking measured beside recall's: recall@k overall and per category, and over the split. */
  record Baseline(Map<String, Double> recall, Map<String, Map<String, Double>> byCategory, Map<String, Double> split) {}

  /** Indexing time, embedding included, and turns indexed a second. */
  record Indexing(double seconds, double docsPerSecond) {}

  static LocomoReport of(String dataName, int conversations, int documents, int noEvidence, long indexNanos,
      LocomoBench bench) {
    RecallTally main = bench.all().get("hybrid");
    RecallTally mainSplit = bench.split().get("hybrid");
    Map<String, Baseline> baselines = new LinkedHashMap<>();
    bench.all().forEach((name, t) -> {
      if (!name.equals("hybrid")) {
        baselines.put(name, new Baseline(t.overall(), t.byCategory(), bench.split().get(name).overall()));
      }
    });
    Map<String, Latencies.Percentiles> latency = new LinkedHashMap<>();
    latency.put("recall", bench.hybridTime().summary());
    latency.put("bm25", bench.bm25Time().summary());
    RecallSettings s = bench.settings();
    LocomoBench.Params p = bench.params();
    Method method = new Method("one per turn: its words twice, then " + p.window() + " turns either side of its own session"
        + " as its context; dated by its session, grouped by it", bench.embedder().isPresent() ? s.fusion() == RecallSettings.Fusion.RRF
            ? "weighted reciprocal rank fusion" : "score-normalised (min-max, convex combination)"
            : "none (BM25 only, no embedder)",
        s.vectorShare(), s.secondPassShare(), s.dateBoost(), s.rescoring(),
        Math.max(Collections.max(p.ks()), s.candidatesPerRetriever()), p.tunedOn());
    double seconds = indexNanos / 1e9;
    Indexing indexing = new Indexing(Latencies.round3(seconds),
        Math.round(documents / Math.max(seconds, 1e-9) * 10) / 10.0);
    int questions = main.categoryCounts().values().stream().mapToInt(Integer::intValue).sum();
    int splitQuestions = mainSplit.categoryCounts().values().stream().mapToInt(Integer::intValue).sum();
    return new LocomoReport(new DataSet(dataName, conversations, documents, questions, noEvidence),
        bench.embedder().map(Embedder::name).orElse("none"), method,
        new Ranking(main.overall(), main.byCategory(), main.categoryCounts()),
        new Split(p.tunedOn(), splitQuestions, mainSplit.overall(), mainSplit.byCategory()),
        new Comparison(baselines, LocomoBench.DRAGON), bench.floor().effect(), new Timing(latency, indexing));
  }
}
