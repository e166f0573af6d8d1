package io.engram.cli.bench;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engram.config.EngramSettings;
import io.engram.index.LuceneSearchIndex;
import io.engram.recall.Candidate;
import io.engram.recall.Embedder;
import io.engram.recall.RecallIndex;
import io.engram.recall.SearchIndex;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The LoCoMo evidence-recall benchmark. Each conversation's dialog turns become one index: one document
 * per turn (id = dia_id, name = speaker), whose body is the turn's words (twice, so they outweigh the
 * context) followed by the {@code window} turns before and after it, as a memory carries its context.
 * Every QA question is a query; evidence recall@k is measured for BM25 alone, vectors alone, the hybrid
 * with equal fusion weights and the hybrid with the chosen vector weight, in one run over
 * one Lucene index. Retrieval never sees answers or evidence.
 *
 * <p>Honest tuning: the window (2) and vector weight (0.25) were chosen on the tuning conversation only
 * (conv-26, the first); the report gives recall over all conversations and over the held-out others.
 */
final class LocomoBench {
  /** Figures of the LoCoMo paper (DRAGON over dialog turns), for the report. */
  static final Map<String, Double> DRAGON = ordered("5", 56.7, "10", 66.2, "25", 76.7);

  private static Map<String, Double> ordered(Object... kv) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (Double) kv[i + 1]);
    }
    return Collections.unmodifiableMap(m);
  }

  /** Run parameters. */
  record Params(List<Integer> ks, int window, double vectorWeight, String tunedOn) {}

  /** The whole report; serialised as the command's JSON, one flat object with the parts' fields inline. */
  record Report(
      @JsonUnwrapped DataSet dataSet,
      String embedder,
      Method method,
      @JsonUnwrapped HybridRecall hybrid,
      Map<String, Baseline> baselines,
      Map<String, Latencies.Percentiles> latencyMs,
      Indexing indexing,
      Map<String, Double> publishedDragon) {}

  /** The data set read: its name, how many conversations, turns indexed and questions (and those without evidence). */
  record DataSet(String data, int conversations, int documents, int questions, int questionsWithoutEvidence) {}

  /** Recall@k of the hybrid path: overall, per category (with each category's question count), and held out. */
  record HybridRecall(Map<String, Double> recall, Map<String, Map<String, Double>> byCategory,
      Map<String, Integer> questionsByCategory, Map<String, Map<String, Double>> heldOutRecall) {}

  /** How the run indexed and fused, and the conversation the defaults were chosen on. */
  record Method(String documents, String fusion, double vectorShare, int fusionK, double vectorWeight,
      int candidatesPerRetriever, String tunedOn) {}

  /** A ranking measured beside hybrid recall: recall@k overall and per category. */
  record Baseline(Map<String, Double> recall, Map<String, Map<String, Double>> byCategory) {}

  /** Indexing time, embedding included, and turns indexed a second. */
  record Indexing(double seconds, double docsPerSecond) {}

  private final Params params;
  private final Optional<Embedder> embedder;
  private final EngramSettings.Recall settings;
  private final Map<String, RecallTally> all = new LinkedHashMap<>();
  private final Map<String, RecallTally> heldOut = new LinkedHashMap<>();
  private final Latencies hybridTime = new Latencies();
  private final Latencies bm25Time = new Latencies();

  LocomoBench(Params params, Optional<Embedder> embedder, EngramSettings.Recall settings) {
    this.params = params;
    this.embedder = embedder;
    this.settings = settings;
    List<String> names = new ArrayList<>(List.of("hybrid", "bm25"));
    if (embedder.isPresent()) {
      names.addAll(List.of("vector", "hybrid-rrf", "hybrid-equal-weights"));
      CC_SHARES.forEach(share -> names.add(ccName(share)));
    }
    for (String n : names) {
      all.put(n, new RecallTally(params.ks()));
      heldOut.put(n, new RecallTally(params.ks()));
    }
  }

  Report run(String dataName, List<LocomoData.Conversation> conversations) {
    int perRetriever = Math.max(Collections.max(params.ks()), settings.candidatesPerRetriever());
    int documents = 0;
    int noEvidence = 0;
    long indexNanos = 0;
    boolean warm = false;
    for (LocomoData.Conversation conv : conversations) {
      documents += conv.turns().size();
      try (LuceneSearchIndex lucene = LuceneSearchIndex.inMemory()) {
        long start = System.nanoTime();
        index(conv, lucene);
        indexNanos += System.nanoTime() - start;
        if (!warm) {
          conv.questions().forEach(q -> lucene.keywordSearch(q.question(), perRetriever)); // JIT warm-up
          warm = true;
        }
        for (LocomoData.Question q : conv.questions()) {
          if (q.evidence().isEmpty()) {
            noEvidence++;
          } else {
            ask(q, lucene, perRetriever, !conv.sampleId().equals(params.tunedOn()));
          }
        }
      }
    }
    return report(dataName, conversations.size(), documents, noEvidence, indexNanos);
  }

  private void index(LocomoData.Conversation conv, LuceneSearchIndex lucene) {
    List<LocomoData.Turn> turns = conv.turns();
    List<String> bodies = new ArrayList<>(turns.size());
    for (int i = 0; i < turns.size(); i++) {
      StringBuilder body = new StringBuilder(turns.get(i).body()).append('\n').append(turns.get(i).body());
      for (int j = Math.max(0, i - params.window()); j <= Math.min(turns.size() - 1, i + params.window()); j++) {
        if (j != i) {
          body.append('\n').append(turns.get(j).speaker()).append(": ").append(turns.get(j).body());
        }
      }
      bodies.add(body.toString());
    }
    List<float[]> vectors = embedder.isPresent() ? embedTexts(turns, bodies) : List.of();
    for (int i = 0; i < turns.size(); i++) {
      LocomoData.Turn t = turns.get(i);
      lucene.upsert(new SearchIndex.Entry(t.diaId(), t.diaId(), t.speaker(), "", bodies.get(i),
          vectors.isEmpty() ? Optional.empty() : Optional.of(vectors.get(i))));
    }
    lucene.commit();
  }

  /** The embedded text of a turn: speaker and words, then its context (the body without the repeat). */
  private List<float[]> embedTexts(List<LocomoData.Turn> turns, List<String> bodies) {
    List<String> texts = new ArrayList<>(turns.size());
    for (int i = 0; i < turns.size(); i++) {
      String words = turns.get(i).body();
      texts.add(turns.get(i).speaker() + ": " + bodies.get(i).substring(words.length() + 1));
    }
    return embedder.get().embedAll(texts);
  }

  private void ask(LocomoData.Question q, LuceneSearchIndex lucene, int perRetriever, boolean isHeldOut) {
    long t0 = System.nanoTime();
    List<SearchIndex.Hit> keyword = lucene.keywordSearch(q.question(), perRetriever);
    long t1 = System.nanoTime();
    bm25Time.add(t1 - t0);
    List<String> byKeyword = keyword.stream().map(SearchIndex.Hit::id).toList();
    record("bm25", q, byKeyword, isHeldOut);
    if (embedder.isEmpty()) {
      record("hybrid", q, byKeyword, isHeldOut); // without an embedder the recall path is BM25 alone
      return;
    }
    List<SearchIndex.Hit> vector = lucene.vectorSearch(embedder.get().embed(q.question()), perRetriever);
    List<Candidate> rrf = RecallIndex.fuse(keyword, vector, settings.fusionK(), params.vectorWeight());
    List<Candidate> fused = settings.fusion() == EngramSettings.Fusion.RRF ? rrf
        : RecallIndex.fuseScores(keyword, vector, settings.vectorShare());
    hybridTime.add(System.nanoTime() - t0);
    record("hybrid", q, fused.stream().map(Candidate::id).toList(), isHeldOut);
    record("hybrid-rrf", q, rrf.stream().map(Candidate::id).toList(), isHeldOut);
    record("vector", q, vector.stream().map(SearchIndex.Hit::id).toList(), isHeldOut);
    List<Candidate> equal = RecallIndex.fuse(keyword, vector, settings.fusionK(), 1.0);
    record("hybrid-equal-weights", q, equal.stream().map(Candidate::id).toList(), isHeldOut);
    for (double share : CC_SHARES) {
      List<Candidate> cc = RecallIndex.fuseScores(keyword, vector, share);
      record(ccName(share), q, cc.stream().map(Candidate::id).toList(), isHeldOut);
    }
  }

  /** Vector shares tried for score-normalised fusion (chosen on the tuning conversation only). */
  static final List<Double> CC_SHARES = List.of(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7);

  static String ccName(double share) {
    return "score-fusion-" + share;
  }

  private void record(String name, LocomoData.Question q, List<String> ranked, boolean isHeldOut) {
    all.get(name).add(q.category(), q.evidence(), ranked);
    if (isHeldOut) {
      heldOut.get(name).add(q.category(), q.evidence(), ranked);
    }
  }

  private Report report(String dataName, int conversations, int documents, int noEvidence, long indexNanos) {
    RecallTally main = all.get("hybrid");
    Map<String, Baseline> baselines = new LinkedHashMap<>();
    all.forEach((name, t) -> {
      if (!name.equals("hybrid")) {
        baselines.put(name, new Baseline(t.overall(), t.byCategory()));
      }
    });
    Map<String, Map<String, Double>> held = new LinkedHashMap<>();
    heldOut.forEach((name, t) -> held.put(name, t.overall()));
    Map<String, Latencies.Percentiles> latency = new LinkedHashMap<>();
    if (embedder.isPresent()) {
      latency.put("hybrid", hybridTime.summary());
    }
    latency.put("bm25", bm25Time.summary());
    Method method = new Method("one per turn: its words twice, then " + params.window() + " turns either side",
        embedder.isPresent() ? (settings.fusion() == EngramSettings.Fusion.RRF
            ? "weighted reciprocal rank fusion" : "score-normalised (min-max, convex combination)")
            : "none (BM25 only, no embedder)",
        settings.vectorShare(), settings.fusionK(), params.vectorWeight(),
        Math.max(Collections.max(params.ks()), settings.candidatesPerRetriever()),
        params.tunedOn() + " (window, vector weight and vector share chosen there; heldOutRecall excludes it)");
    double seconds = indexNanos / 1e9;
    Indexing indexing = new Indexing(Latencies.round3(seconds),
        Math.round(documents / Math.max(seconds, 1e-9) * 10) / 10.0);
    int questions = main.categoryCounts().values().stream().mapToInt(Integer::intValue).sum();
    return new Report(new DataSet(dataName, conversations, documents, questions, noEvidence),
        embedder.map(Embedder::name).orElse("none"), method,
        new HybridRecall(main.overall(), main.byCategory(), main.categoryCounts(), held), baselines, latency, indexing,
        DRAGON);
  }
}
