package io.engram.bench.cli;

import io.engram.index.LuceneSearchIndex;
import io.engram.recall.Embedder;
import io.engram.recall.RecallDocument;
import io.engram.recall.RecallIndex;
import io.engram.recall.SearchIndex;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Query latency and build rate of recall at several corpus sizes: the Lucene index (BM25; vectors exact,
 * through an HNSW graph built in a second index that always has one, and as configured, exact and without a graph
 * up to the cut-over; the fused hybrid) against the in-core
 * baseline (BM25 over an inverted index and exact brute-force cosine) measured in the same run on the same
 * synthetic memories and vectors, and how many of the true ten nearest neighbours HNSW and the configured
 * search return.
 */
final class RecallLatencyBench {
  private static final int LIMIT = 50;

  /** Results at one size. */
  record SizeResult(
      int memories,
      Map<String, Double> buildDocsPerSecond,
      Map<String, Latencies.Percentiles> latencyMs,
      Map<String, Double> ratios,
      double hnswRecallAt10,
      Map<String, Double> hnswRecallAt10ByCandidates,
      double vectorRecallAt10,
      String vectorSearchUsed) {}

  private final Embedder embedder;
  private final int queries;
  private final int fusionK;
  private final LuceneSearchIndex.VectorSearch vectorSearch;
  private final List<Integer> moreCandidates;

  /** {@code moreCandidates}: further HNSW candidate counts (ef_search) measured beside the configured one. */
  RecallLatencyBench(Embedder embedder, int queries, int fusionK, LuceneSearchIndex.VectorSearch vectorSearch,
      List<Integer> moreCandidates) {
    this.embedder = embedder;
    this.queries = queries;
    this.fusionK = fusionK;
    this.vectorSearch = vectorSearch;
    this.moreCandidates = List.copyOf(moreCandidates);
  }

  static String hnswOp(int candidates) {
    return "lucene hnsw (" + candidates + " candidates)";
  }

  SizeResult run(int size, long seed) {
    SyntheticMemories gen = new SyntheticMemories(seed, 20_000);
    List<RecallDocument> docs = gen.memories(size);
    List<String> qs = gen.queries(docs, queries);
    List<float[]> qv = qs.stream().map(embedder::embed).toList();
    Map<String, Double> build = new LinkedHashMap<>();
    Map<String, Latencies.Percentiles> latency = new LinkedHashMap<>();
    // Below the cut-over the configured index holds no graph; the graph is measured in an index that always has one.
    try (LuceneSearchIndex lucene = LuceneSearchIndex.inMemory(vectorSearch);
        LuceneSearchIndex graphed = LuceneSearchIndex.inMemory(vectorSearch.withExactLimit(0))) {
      SearchIndex core = SearchIndex.inMemory();
      RecallIndex luceneRecall = new RecallIndex(lucene, Optional.of(embedder));
      RecallIndex graphedRecall = new RecallIndex(graphed, Optional.of(embedder));
      RecallIndex coreRecall = new RecallIndex(core, Optional.of(embedder));
      warmUp(docs);
      build.put("lucene (bm25 + vectors as configured)", rate(size, () -> luceneRecall.sync(docs)));
      build.put("lucene (bm25 + hnsw graph)", rate(size, () -> graphedRecall.sync(docs)));
      build.put("in-core (bm25 + flat vectors)", rate(size, () -> coreRecall.sync(docs)));
      Map<String, Consumer<Integer>> ops = new LinkedHashMap<>();
      ops.put("lucene bm25", i -> lucene.keywordSearch(qs.get(i), LIMIT));
      ops.put("lucene vectors (as configured)", i -> lucene.vectorSearch(qv.get(i), LIMIT));
      ops.put("lucene exact", i -> lucene.exactVectorSearch(qv.get(i), LIMIT));
      ops.put("lucene hnsw", i -> graphed.approximateVectorSearch(qv.get(i), LIMIT, vectorSearch.candidates()));
      moreCandidates.forEach(ef -> ops.put(hnswOp(ef), i -> graphed.approximateVectorSearch(qv.get(i), LIMIT, ef)));
      ops.put("lucene hybrid", i -> luceneRecall.search(qs.get(i), LIMIT, fusionK));
      ops.put("in-core bm25", i -> core.keywordSearch(qs.get(i), LIMIT));
      ops.put("in-core brute-force cosine", i -> core.vectorSearch(qv.get(i), LIMIT));
      ops.put("in-core hybrid", i -> coreRecall.search(qs.get(i), LIMIT, fusionK));
      latency.putAll(time(ops));
      Map<String, Double> ratios = new LinkedHashMap<>();
      ratios.put("hybrid p50 in-core/lucene", ratio(latency, "in-core hybrid", "lucene hybrid"));
      ratios.put("vector p50 brute-force/hnsw", ratio(latency, "in-core brute-force cosine", "lucene hnsw"));
      ratios.put("vector p50 lucene exact/hnsw", ratio(latency, "lucene exact", "lucene hnsw"));
      ratios.put("bm25 p50 in-core/lucene", ratio(latency, "in-core bm25", "lucene bm25"));
      String used = lucene.vectorCount() <= vectorSearch.exactLimit() ? "exact" : "hnsw";
      Map<String, Double> byCandidates = new LinkedHashMap<>();
      moreCandidates.forEach(ef -> byCandidates.put(String.valueOf(ef),
          recallAt10(q -> graphed.approximateVectorSearch(q, LIMIT, ef), core, qv)));
      return new SizeResult(size, build, latency, ratios,
          recallAt10(q -> graphed.approximateVectorSearch(q, LIMIT, vectorSearch.candidates()), core, qv),
          byCandidates, recallAt10(q -> lucene.vectorSearch(q, LIMIT), core, qv), used);
    }
  }

  // The first build would otherwise pay for compiling the indexing code and look slower than the ones after it.
  private void warmUp(List<RecallDocument> docs) {
    try (LuceneSearchIndex scratch = LuceneSearchIndex.inMemory(vectorSearch)) {
      new RecallIndex(scratch, Optional.of(embedder)).sync(docs.subList(0, Math.min(docs.size(), 2_000)));
    }
  }

  private static double rate(int size, Runnable build) {
    long start = System.nanoTime();
    build.run();
    double seconds = (System.nanoTime() - start) / 1e9;
    return Math.round(size / seconds * 10) / 10.0;
  }

  /**
   * Runs every query through every operation once to warm up, then once more timed. The operations take
   * turns query by query, so a burst of load on the shared machine hits them all alike.
   */
  private Map<String, Latencies.Percentiles> time(Map<String, Consumer<Integer>> ops) {
    Map<String, Latencies> times = new LinkedHashMap<>();
    ops.keySet().forEach(name -> times.put(name, new Latencies()));
    for (int pass = 0; pass < 2; pass++) {
      for (int i = 0; i < queries; i++) {
        for (Map.Entry<String, Consumer<Integer>> op : ops.entrySet()) {
          long t0 = System.nanoTime();
          op.getValue().accept(i);
          if (pass == 1) {
            times.get(op.getKey()).add(System.nanoTime() - t0);
          }
        }
      }
    }
    Map<String, Latencies.Percentiles> out = new LinkedHashMap<>();
    times.forEach((name, l) -> out.put(name, l.summary()));
    return out;
  }

  private static double ratio(Map<String, Latencies.Percentiles> l, String slow, String fast) {
    double f = l.get(fast).p50();
    return f == 0 ? 0 : Math.round(l.get(slow).p50() / f * 10) / 10.0;
  }

  /**
   * Share of the exact top 10 that {@code search} also puts in its top 10 when asked for {@value #LIMIT}
   * (as recall asks), averaged over queries.
   */
  private static double recallAt10(java.util.function.Function<float[], List<SearchIndex.Hit>> search,
      SearchIndex exact, List<float[]> qv) {
    double sum = 0;
    for (float[] q : qv) {
      Set<String> truth = new HashSet<>();
      exact.vectorSearch(q, 10).forEach(h -> truth.add(h.id()));
      long found = search.apply(q).stream().limit(10).filter(h -> truth.contains(h.id())).count();
      sum += truth.isEmpty() ? 1 : found / (double) truth.size();
    }
    return Math.round(1000 * sum / Math.max(1, qv.size())) / 1000.0;
  }
}
