package io.engram.bench.cli;

import io.engram.config.RecallSettings;
import io.engram.index.LuceneSearchIndex;
import io.engram.recall.Candidate;
import io.engram.recall.Embedder;
import io.engram.recall.RecallIndex;
import io.engram.recall.RecallQuery;
import io.engram.recall.RelevanceFloor;
import io.engram.recall.SearchIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Recall on the coding set ({@link CodingSet}) for one embedding model (or none): the rank of the expected
 * memories for vectors alone, BM25 alone and recall's ranking, and what the relevance floor sends: for
 * queries with an answer, how often an expected memory is among the files sent; for queries without one,
 * how often nothing is sent. A grid of floors is measured on the same candidates, to tune the floor ({@link
 * FloorGrid}).
 */
final class CodingRecallBench {
  /** One model's figures. */
  record ModelResult(String model, Map<String, Double> hitAt, Map<String, Double> mrr, Floor floor,
      List<Floor> floorGrid, Map<String, String> byLanguage, Map<String, Floor> floorByLanguage,
      List<Floor> anchorGrid, Map<String, List<Floor>> anchorGridByLanguage, Map<String, List<Floor>> gatedGrid,
      Map<String, List<Floor>> otherScriptGrid, Map<String, List<Floor>> askedGrid, Map<String, Floor> bm25Floor,
      List<Miss> misses, List<Unwanted> unwanted) {}

  /**
   * A query no memory answers that recall's floor still sent memories for: the first one's coverage and cosine, the
   * query's vector floor and keyword gate, and every memory sent, to see which way it came through.
   */
  record Unwanted(String query, String lang, double coverage, double cosine, double vectorFloor, double keywordGate,
      List<String> sent) {}

  /**
   * A query whose expected memory recall did not rank in its top 3, for failure analysis: where each ranking put
   * it (0 when it did not find it) and what recall put first.
   */
  record Miss(String query, String lang, String expected, int recallRank, int bm25Rank, int vectorRank,
      double coverage, double cosine, List<String> recallTop) {}

  /**
   * What one floor sends. Shares in percent: {@code answered} queries with an answer that get an expected
   * memory among those sent; {@code expectedSent} of all expected memories, those sent; {@code silent}
   * queries without an answer that get nothing; {@code precision} of the memories sent for queries with an
   * answer, those expected; {@code cut} of the expected memories recall's top files held, those the floor cut.
   */
  record Floor(double keywordFloor, double vectorFloor, double answered, double expectedSent, double silent,
      double precision, double cut) {}

  private static final List<Integer> KS = List.of(1, 3, 5);
  private static final List<Double> ANCHOR_MARGINS = List.of(-0.05, 0.0, 0.03, 0.06, 0.08, 0.1, 0.12);
  private static final List<Double> GATES = List.of(-0.15, -0.1, -0.05, 0.0);
  private static final List<Double> ASKED_COVERAGES = List.of(1.0, 0.8, 0.6, 0.3);
  private static final List<Double> OTHER_SCRIPT_MARGINS = List.of(0.0, 0.03, 0.06, 0.08, 0.1, 0.12, 0.15);
  static final List<Double> KEYWORD_FLOORS = List.of(0.2, 0.3, 0.4, 0.5, 0.6);

  private final CodingSet set;
  private final RecallSettings settings;
  private final FloorGrid grid;

  CodingRecallBench(CodingSet set, RecallSettings settings) {
    this.set = set;
    this.settings = settings;
    this.grid = new FloorGrid(set, settings);
  }

  ModelResult run(Optional<Embedder> embedder, List<Double> vectorFloors) {
    Map<String, List<List<String>>> rankings = new LinkedHashMap<>();
    List<List<Candidate>> recallRanked = new ArrayList<>();
    List<Double> anchors = new ArrayList<>();
    List<Embedder.Reading> readings = new ArrayList<>(); // which model reads each query, on what scale
    List<RelevanceFloor> floors = new ArrayList<>(); // each query's relevance floor as recall computes it
    List<Miss> misses = new ArrayList<>();
    List<Unwanted> unwanted = new ArrayList<>();
    List<List<Candidate>> bm25Ranked = new ArrayList<>(); // BM25's order, each hit with its coverage
    try (LuceneSearchIndex lucene = LuceneSearchIndex.inMemory()) {
      RecallIndex index = new RecallIndex(lucene, embedder);
      index.sync(set.memories());
      Instant now = CodingSet.DATED.plusSeconds(86_400);
      for (CodingSet.Query q : set.queries()) {
        RecallQuery query = RecallQuery.of(q.text()); // as recall reads a prompt: pasted output set apart
        String text = query.text();
        List<Candidate> ranked = index.search(query, settings, now);
        recallRanked.add(ranked);
        anchors.add(index.anchorCosine(text).orElse(Double.NaN));
        readings.add(embedder.map(e -> e.reading(text)).orElse(new Embedder.Reading("none", 1)));
        floors.add(index.relevanceFloor(text, settings));
        List<String> recallIds = ranked.stream().map(Candidate::id).toList();
        List<String> bm25Ids = lucene.keywordSearch(q.text(), 50).stream().map(SearchIndex.Hit::id).toList();
        List<String> vectorIds = embedder.isEmpty() ? List.of()
            : lucene.vectorSearch(embedder.get().embedQuery(q.text()), 50).stream().map(SearchIndex.Hit::id).toList();
        bm25Ranked.add(bm25Candidates(bm25Ids, ranked, lucene.keywordCoverage(q.text(), bm25Ids)));
        add(rankings, "recall", recallIds);
        add(rankings, "bm25", bm25Ids);
        if (embedder.isPresent()) {
          add(rankings, "vector", vectorIds);
        }
        miss(q, ranked, recallIds, bm25Ids, vectorIds).ifPresent(misses::add);
        unwanted(q, ranked, floors.get(floors.size() - 1)).ifPresent(unwanted::add);
      }
    }
    Map<String, Double> hitAt = new LinkedHashMap<>();
    Map<String, Double> mrr = new LinkedHashMap<>();
    rankings.forEach((name, lists) -> {
      for (int k : KS) {
        hitAt.put(name + "@" + k, hitAt(lists, k));
      }
      mrr.put(name, mrr(lists));
    });
    Map<String, String> byLanguage = new java.util.TreeMap<>();
    for (String lang : languages()) {
      StringBuilder text = new StringBuilder();
      rankings.forEach((name, lists) -> text.append(text.length() == 0 ? "" : " ").append(name).append(' ').append(KS.stream()
          .map(k -> String.valueOf(hitAt(lists, k, lang))).collect(java.util.stream.Collectors.joining("/"))));
      byLanguage.put(lang, text.toString());
    }
    String model = embedder.map(Embedder::name).orElse("none");
    double vectorFloor = embedder.map(e -> settings.vectorFloor(e.name())).orElse(Double.POSITIVE_INFINITY);
    Floor chosen = grid.floorPerQuery(recallRanked, floors, settings.keywordFloor(), vectorFloor, null);
    List<Floor> floorGrid = new ArrayList<>();
    for (double kf : KEYWORD_FLOORS) {
      if (embedder.isEmpty()) {
        floorGrid.add(grid.floor(recallRanked, kf, Double.POSITIVE_INFINITY));
      }
      for (double vf : embedder.isPresent() ? vectorFloors : List.<Double>of()) {
        floorGrid.add(grid.floor(recallRanked, kf, vf));
      }
    }
    Map<String, Floor> floorByLanguage = new java.util.TreeMap<>();
    for (String lang : languages()) {
      floorByLanguage.put(lang, grid.floorPerQuery(recallRanked, floors, settings.keywordFloor(), vectorFloor, lang));
    }
    List<Floor> anchorGrid = new ArrayList<>();
    if (embedder.isPresent()) {
      for (double kf : List.of(settings.keywordFloor(), 0.5, 2.0)) {
        for (double margin : ANCHOR_MARGINS) {
          anchorGrid.add(grid.anchored(recallRanked, anchors, readings, kf, margin, null));
        }
      }
    }
    Map<String, List<Floor>> anchorByLanguage = new java.util.TreeMap<>();
    for (String lang : embedder.isPresent() ? languages() : java.util.Set.<String>of()) {
      anchorByLanguage.put(lang, ANCHOR_MARGINS.stream()
          .map(m -> grid.anchored(recallRanked, anchors, readings, settings.keywordFloor(), m, lang)).toList());
    }
    Map<String, List<Floor>> gated = new java.util.TreeMap<>();
    if (embedder.isPresent()) {
      List<String> langs = new ArrayList<>(languages());
      langs.add(0, "all");
      for (String lang : langs) {
        gated.put(lang, GATES.stream().map(g -> grid.gated(recallRanked, floors, anchors, readings, settings.keywordFloor(), g,
            lang.equals("all") ? null : lang)).toList());
      }
    }
    Map<String, List<Floor>> otherScript = new java.util.TreeMap<>();
    if (embedder.isPresent() && embedder.get().models().size() > 1) {
      List<String> langs = new ArrayList<>(languages());
      langs.add(0, "all");
      for (String lang : langs) {
        otherScript.put(lang, OTHER_SCRIPT_MARGINS.stream().map(m -> grid.otherScriptMargin(recallRanked, floors, m,
            lang.equals("all") ? null : lang)).toList());
      }
    }
    Map<String, List<Floor>> asked = new java.util.TreeMap<>();
    Map<String, Floor> bm25Floor = new java.util.TreeMap<>();
    List<String> allLangs = new ArrayList<>(languages());
    allLangs.add(0, "all");
    for (String lang : allLangs) {
      String only = lang.equals("all") ? null : lang;
      asked.put(lang, ASKED_COVERAGES.stream().map(cov -> grid.asked(recallRanked, floors, cov, only)).toList());
      bm25Floor.put(lang, grid.floor(bm25Ranked, settings.keywordFloor(), Double.POSITIVE_INFINITY, only));
    }
    return new ModelResult(model, hitAt, mrr, chosen, floorGrid, byLanguage, floorByLanguage, anchorGrid, anchorByLanguage,
        gated, otherScript, asked, bm25Floor, misses, unwanted);
  }

  /**
   * BM25's hits in its own order as candidates, each with its keyword coverage, so the keyword floor can be applied to
   * a plain keyword search (the baseline of what an explicit search returns); a hit recall also ranked keeps recall's
   * candidate, only its order is BM25's.
   */
  private static List<Candidate> bm25Candidates(List<String> bm25Ids, List<Candidate> ranked,
      Map<String, Double> coverage) {
    List<Candidate> out = new ArrayList<>();
    for (int i = 0; i < bm25Ids.size(); i++) {
      String id = bm25Ids.get(i);
      out.add(new Candidate(id, 1.0 / (i + 1), java.util.OptionalInt.of(i + 1), java.util.OptionalInt.empty(),
          coverage.getOrDefault(id, 0.0), java.util.OptionalDouble.empty(), List.of()));
    }
    return out;
  }

  /** The query as {@link Unwanted} when no memory answers it and recall's floor sends some. */
  private Optional<Unwanted> unwanted(CodingSet.Query q, List<Candidate> ranked, RelevanceFloor floor) {
    List<Candidate> sent = ranked.stream().filter(floor::clears).limit(settings.filesPerTurn()).toList();
    if (!q.expected().isEmpty() || sent.isEmpty()) {
      return Optional.empty();
    }
    Candidate first = sent.get(0);
    return Optional.of(new Unwanted(q.text(), q.lang(), first.coverage(), first.cosine().orElse(Double.NaN),
        floor.vectorFloor(first), floor.keywordGate(), sent.stream().map(Candidate::id).toList()));
  }

  /** The query as a {@link Miss} when recall's top 3 lacks every memory it expects. */
  private static Optional<Miss> miss(CodingSet.Query q, List<Candidate> ranked, List<String> recallIds,
      List<String> bm25Ids, List<String> vectorIds) {
    if (q.expected().isEmpty() || recallIds.stream().limit(3).anyMatch(q.expected()::contains)) {
      return Optional.empty();
    }
    String expected = q.expected().stream().sorted().findFirst().orElseThrow();
    Optional<Candidate> found = ranked.stream().filter(c -> c.id().equals(expected)).findFirst();
    return Optional.of(new Miss(q.text(), q.lang(), expected, recallIds.indexOf(expected) + 1,
        bm25Ids.indexOf(expected) + 1, vectorIds.indexOf(expected) + 1, found.map(Candidate::coverage).orElse(0.0),
        found.flatMap(c -> c.cosine().isPresent() ? Optional.of(c.cosine().getAsDouble()) : Optional.empty())
            .orElse(Double.NaN), recallIds.stream().limit(3).toList()));
  }

  private void add(Map<String, List<List<String>>> rankings, String name, List<String> ids) {
    rankings.computeIfAbsent(name, n -> new ArrayList<>()).add(ids);
  }

  /** The language labels of the queries, when the set has them. */
  private java.util.SortedSet<String> languages() {
    java.util.SortedSet<String> out = new java.util.TreeSet<>();
    set.queries().forEach(q -> out.add(q.lang()));
    out.remove("");
    return out;
  }

  /** Share (percent) of queries with an answer whose top k holds an expected memory. */
  private double hitAt(List<List<String>> lists, int k) {
    return hitAt(lists, k, null);
  }

  /** The same over the queries labelled {@code lang} (all when null). */
  private double hitAt(List<List<String>> lists, int k, String lang) {
    int n = 0;
    int hits = 0;
    for (int i = 0; i < lists.size(); i++) {
      CodingSet.Query q = set.queries().get(i);
      if (q.expected().isEmpty() || (lang != null && !lang.equals(q.lang()))) {
        continue;
      }
      n++;
      if (lists.get(i).stream().limit(k).anyMatch(q.expected()::contains)) {
        hits++;
      }
    }
    return FloorGrid.percent(hits, n);
  }

  private double mrr(List<List<String>> lists) {
    double sum = 0;
    int n = 0;
    for (int i = 0; i < lists.size(); i++) {
      CodingSet.Query q = set.queries().get(i);
      if (q.expected().isEmpty()) {
        continue;
      }
      n++;
      List<String> l = lists.get(i);
      for (int r = 0; r < l.size(); r++) {
        if (q.expected().contains(l.get(r))) {
          sum += 1.0 / (r + 1);
          break;
        }
      }
    }
    return n == 0 ? 0 : Math.round(1000 * sum / n) / 1000.0;
  }
}
