package io.engram.bench.cli;

import io.engram.config.RecallSettings;
import io.engram.index.LuceneSearchIndex;
import io.engram.recall.Candidate;
import io.engram.recall.Embedder;
import io.engram.recall.RankFusion;
import io.engram.recall.RecallDocument;
import io.engram.recall.RecallIndex;
import io.engram.recall.RecallQuery;
import io.engram.recall.SearchIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The LoCoMo evidence-recall benchmark. Each conversation's dialog turns become one index, through the
 * same {@link RecallIndex} recall uses: one document per turn (id = dia_id, name = speaker, dated and grouped by its
 * session), whose body is the turn's words (twice, so they outweigh the context) followed by the
 * {@code window} turns before and after it in its own session, as a memory carries its context (a turn of the
 * session before is another day's talk, and measured no better than none). Every QA question is a
 * query; evidence recall@k is measured for recall's ranking ({@link RecallIndex#search}: hybrid, second
 * pass, dates, keyword coverage) beside its parts, in one run over one Lucene index: the same without keyword
 * coverage, the text alone, BM25 alone, vectors alone, RRF and score fusion at several vector shares. Retrieval never sees answers or evidence. The
 * relevance floor's effect is counted on recall's ranking ({@link LocomoFloor}).
 *
 * <p>Honest tuning: the window and the weights were chosen on the tuning data only; the report gives recall
 * over the file passed, and over its conversations other than {@code tunedOn} (the team's first split).
 */
final class LocomoBench {
  /** Figures of the LoCoMo paper (DRAGON over dialog turns), for the report. */
  static final Map<String, Double> DRAGON = ordered("5", 56.7, "10", 66.2, "25", 76.7);

  /** Vector shares tried for score-normalised fusion. */
  static final List<Double> CC_SHARES = List.of(0.2, 0.3, 0.4, 0.5, 0.6, 0.7);

  private static Map<String, Double> ordered(Object... kv) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (Double) kv[i + 1]);
    }
    return Collections.unmodifiableMap(m);
  }

  /** The row of recall's ranking before its last stage ({@code recall.rescoring} off). */
  static final String WITHOUT_RESCORING = "without rescoring";

  /** The rescoring weights left out one at a time, in the record's order. */
  private static final List<String> RESCORING_WEIGHTS = List.of("ownText", "timeAnswer", "dated", "substance", "group",
      "answers", "question", "tokens", "replyTokens");

  /** The name of the ablation row that leaves the rescoring's feature {@code weight} out. */
  static String ablation(String weight) {
    return "rescoring - " + weight;
  }

  /** Run parameters; {@code ablations}: also measure the rescoring with each feature left out. */
  record Params(List<Integer> ks, int window, String tunedOn, boolean ablations) {}

  private final Params params;
  private final Optional<Embedder> embedder;
  private final RecallSettings settings;
  // The variants the run compares with the settings: without the last stage, without keyword coverage, text only.
  private final RecallSettings withoutRescoring;
  private final RecallSettings withoutCoverage;
  private final RecallSettings textOnly;
  private final Map<String, RecallTally> all = new LinkedHashMap<>();
  private final Map<String, RecallTally> split = new LinkedHashMap<>();
  private final LocomoFloor floor;
  private final Latencies hybridTime = new Latencies();
  private final Latencies bm25Time = new Latencies();
  private Optional<LocomoCandidates> dump = Optional.empty();
  private String conversation = "";

  LocomoBench(Params params, Optional<Embedder> embedder, RecallSettings settings) {
    this.params = params;
    this.embedder = embedder;
    this.settings = settings;
    this.withoutRescoring = settings.with("rescoring", RecallSettings.Rescoring.OFF);
    this.withoutCoverage = settings.with("coverageWeight", 0.0);
    this.textOnly = settings.with("contextShare", 0.0).with("secondPassShare", 0.0).with("dateBoost", 0.0);
    List<String> names = new ArrayList<>(List.of("hybrid", WITHOUT_RESCORING));
    if (params.ablations()) {
      RESCORING_WEIGHTS.forEach(w -> names.add(ablation(w)));
    }
    names.addAll(List.of("without coverage", "text only", "bm25"));
    if (embedder.isPresent()) {
      names.addAll(List.of("vector", "hybrid-rrf"));
      CC_SHARES.forEach(share -> names.add(ccName(share)));
    }
    for (String n : names) {
      all.put(n, new RecallTally(params.ks()));
      split.put(n, new RecallTally(params.ks()));
    }
    double vectorFloor = embedder.map(e -> settings.vectorFloor(e.name())).orElse(Double.POSITIVE_INFINITY);
    this.floor = new LocomoFloor(params.ks(), settings.keywordFloor(), vectorFloor);
  }

  static String ccName(double share) {
    return "score-fusion-" + share;
  }

  /** Also writes every question's top candidates to {@code file} ({@link LocomoCandidates}). */
  LocomoBench dumpingTo(LocomoCandidates file) {
    this.dump = Optional.of(file);
    return this;
  }

  LocomoReport run(String dataName, List<LocomoData.Conversation> conversations) {
    int documents = 0;
    int noEvidence = 0;
    long indexNanos = 0;
    for (LocomoData.Conversation conv : conversations) {
      documents += conv.turns().size();
      conversation = conv.sampleId();
      dump.ifPresent(d -> d.conversation(conv));
      try (LuceneSearchIndex lucene = LuceneSearchIndex.inMemory()) {
        RecallIndex index = new RecallIndex(lucene, embedder);
        long start = System.nanoTime();
        index.sync(documents(conv));
        indexNanos += System.nanoTime() - start;
        Instant after = conv.turns().stream().map(LocomoData.Turn::date).max(Instant::compareTo).orElse(Instant.EPOCH);
        for (LocomoData.Question q : conv.questions()) {
          if (q.evidence().isEmpty()) {
            noEvidence++;
          } else {
            ask(q, lucene, index, after, !conv.sampleId().equals(params.tunedOn()));
          }
        }
      }
    }
    return LocomoReport.of(dataName, conversations.size(), documents, noEvidence, indexNanos, this);
  }

  private List<RecallDocument> documents(LocomoData.Conversation conv) {
    List<LocomoData.Turn> turns = conv.turns();
    List<RecallDocument> docs = new ArrayList<>(turns.size());
    for (int i = 0; i < turns.size(); i++) {
      List<String> context = new ArrayList<>();
      for (int j = Math.max(0, i - params.window()); j <= Math.min(turns.size() - 1, i + params.window()); j++) {
        if (j != i && turns.get(j).session().equals(turns.get(i).session())) {
          context.add(turns.get(j).speaker() + ": " + turns.get(j).body());
        }
      }
      LocomoData.Turn t = turns.get(i);
      docs.add(RecallDocument.of(t.diaId(), t.speaker(), "", t.body() + "\n" + t.body(), t.date())
          .withContext(String.join("\n", context)).inGroup(t.session(),
              i > 0 && turns.get(i - 1).session().equals(t.session()) ? turns.get(i - 1).diaId() : ""));
    }
    return docs;
  }

  private void ask(LocomoData.Question q, LuceneSearchIndex lucene, RecallIndex index, Instant now, boolean inSplit) {
    int n = Math.max(Collections.max(params.ks()), settings.candidatesPerRetriever());
    long t0 = System.nanoTime();
    List<SearchIndex.Hit> keyword = lucene.keywordSearch(q.question(), n);
    bm25Time.add(System.nanoTime() - t0);
    record("bm25", q, keyword.stream().map(SearchIndex.Hit::id).toList(), inSplit);
    long t1 = System.nanoTime();
    List<Candidate> ranked = index.search(RecallQuery.of(q.question()), settings, now);
    hybridTime.add(System.nanoTime() - t1);
    record("hybrid", q, ids(ranked), inSplit);
    floor.add(q.evidence(), ranked, index.relevanceFloor(q.question(), settings));
    List<Candidate> before = index.search(RecallQuery.of(q.question()), withoutRescoring, now);
    record(WITHOUT_RESCORING, q, ids(before), inSplit);
    if (params.ablations()) {
      RESCORING_WEIGHTS.forEach(w -> record(ablation(w), q, ids(index.search(
          RecallQuery.of(q.question()), settings.with("rescoring", settings.rescoring().with(w, 0.0)), now)), inSplit));
    }
    record("without coverage", q, ids(index.search(RecallQuery.of(q.question()), withoutCoverage, now)), inSplit);
    record("text only", q, ids(index.search(RecallQuery.of(q.question()), textOnly, now)), inSplit);
    List<SearchIndex.Hit> vector =
        embedder.isEmpty() ? List.of() : lucene.vectorSearch(embedder.get().embedQuery(q.question()), n);
    dump.ifPresent(d -> d.question(conversation, q, before, ranked, keyword, vector));
    if (embedder.isEmpty()) {
      return;
    }
    record("vector", q, vector.stream().map(SearchIndex.Hit::id).toList(), inSplit);
    record("hybrid-rrf", q, ids(RankFusion.reciprocalRanks(keyword, vector, settings.fusionK(), settings.vectorWeight())),
        inSplit);
    for (double share : CC_SHARES) {
      record(ccName(share), q, ids(RankFusion.scores(keyword, vector, share)), inSplit);
    }
  }

  private static List<String> ids(List<Candidate> ranked) {
    return ranked.stream().map(Candidate::id).toList();
  }

  private void record(String name, LocomoData.Question q, List<String> ranked, boolean inSplit) {
    all.get(name).add(q.category(), q.evidence(), ranked);
    if (inSplit) {
      split.get(name).add(q.category(), q.evidence(), ranked);
    }
  }

  Params params() {
    return params;
  }

  Optional<Embedder> embedder() {
    return embedder;
  }

  RecallSettings settings() {
    return settings;
  }

  Map<String, RecallTally> all() {
    return all;
  }

  Map<String, RecallTally> split() {
    return split;
  }

  LocomoFloor floor() {
    return floor;
  }

  Latencies hybridTime() {
    return hybridTime;
  }

  Latencies bm25Time() {
    return bm25Time;
  }
}
