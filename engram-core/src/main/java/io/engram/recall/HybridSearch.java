package io.engram.recall;

import io.engram.config.RecallSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * One {@link RecallQuery}'s retrieval over a {@link SearchIndex}, in up to four steps:
 *
 * <ol>
 *   <li>the text: BM25 and vectors fused by {@link RankFusion#scores} (or RRF, as {@code recall.fusion} says);
 *   <li>the activity (files being edited, the last error), searched the same way and mixed in with the weight
 *       {@code contextShare}: a vague prompt ("fix this") still finds the memory about the file at hand;
 *   <li>a second pass ({@code secondPassShare}): the best document found so far is itself searched by
 *       keywords, so what is linked to it through words the question does not use (the other hop of a
 *       multi-hop question) comes up, below the best (on LoCoMo it never reaches the top 25: see
 *       docs/BENCHMARKS.md, "Recall tuned again on the dev split");
 *   <li>dates: when the text names a period ({@link QueryDates}), documents dated within it are lifted by
 *       {@code dateBoost}.
 * </ol>
 * Then each candidate's keyword coverage ({@link SearchIndex#keywordCoverage}) is measured, for the relevance
 * floor and for the ranking: the score is scaled by {@code 1 - coverageWeight + coverageWeight * coverage}, so a
 * document that holds more of the question's words (weighted by rarity) comes before one that repeats one of
 * them, or that vectors alone found. Every weight at 0 reduces this to plain hybrid search.
 */
final class HybridSearch {
  private final SearchIndex index;
  private final BiFunction<String, Integer, List<SearchIndex.Hit>> vectors;
  private final BiFunction<String, List<SearchIndex.Hit>, List<SearchIndex.Hit>> exactCosines;
  private final Map<String, RecallDocument> documents;
  private final BiPredicate<String, Script> otherScript;
  private final RecallSettings settings;

  /**
   * Over {@code index}; {@code vectors} gives a text's nearest stored vectors, {@code exactCosines} the cosines,
   * computed for the text, of those of its keyword hits that have no stored vector yet; {@code otherScript} says
   * whether a document is written in another script than a text's.
   */
  HybridSearch(SearchIndex index, BiFunction<String, Integer, List<SearchIndex.Hit>> vectors,
      BiFunction<String, List<SearchIndex.Hit>, List<SearchIndex.Hit>> exactCosines,
      Map<String, RecallDocument> documents, BiPredicate<String, Script> otherScript, RecallSettings settings) {
    this.index = index;
    this.vectors = vectors;
    this.exactCosines = exactCosines;
    this.documents = documents;
    this.otherScript = otherScript;
    this.settings = settings;
  }

  /** A candidate being scored: its fused score so far, ranks and cosine for the text, and how it was found. */
  private static final class Scored {
    double fused;
    OptionalInt keywordRank = OptionalInt.empty();
    OptionalInt vectorRank = OptionalInt.empty();
    OptionalDouble cosine = OptionalDouble.empty();
    final Set<String> routes = new LinkedHashSet<>();
  }

  List<Candidate> run(RecallQuery query, Instant now) {
    Map<String, Scored> all = new LinkedHashMap<>();
    boolean withActivity = query.activity().isPresent() && settings.contextShare() > 0;
    double textWeight = withActivity ? 1 - settings.contextShare() : 1;
    for (Candidate c : fused(query.text())) {
      Scored s = all.computeIfAbsent(c.id(), id -> new Scored());
      s.fused += textWeight * c.fused();
      s.keywordRank = c.keywordRank();
      s.vectorRank = c.vectorRank();
      s.cosine = c.cosine();
    }
    if (withActivity) {
      add(all, fused(query.activity().get()), settings.contextShare(), "activity");
    }
    if (settings.secondPassShare() > 0 && !all.isEmpty()) {
      secondPass(all);
    }
    Optional<QueryDates.Span> span = settings.dateBoost() > 0 ? QueryDates.in(query.text(), now) : Optional.empty();
    span.ifPresent(p -> all.forEach((id, s) -> {
      RecallDocument d = documents.get(id);
      if (d != null && p.contains(d.activity().updated())) {
        s.fused *= 1 + settings.dateBoost();
        s.routes.add("dated");
      }
    }));
    Map<String, Double> coverage = coverage(query, all.keySet());
    List<Candidate> out = new ArrayList<>(all.size());
    double w = settings.coverageWeight();
    all.forEach((id, s) -> {
      double covered = coverage.getOrDefault(id, 0.0);
      out.add(new Candidate(id, s.fused * (1 - w + w * covered), s.keywordRank, s.vectorRank, covered, s.cosine,
          List.copyOf(s.routes)));
    });
    out.sort(Comparator.comparingDouble(Candidate::fused).reversed().thenComparing(Candidate::id));
    return out;
  }

  private List<Candidate> fused(String text) {
    int n = settings.candidatesPerRetriever();
    List<SearchIndex.Hit> keyword = index.keywordSearch(text, n);
    boolean rrf = settings.fusion() == RecallSettings.Fusion.RRF;
    boolean wanted = rrf ? settings.vectorWeight() > 0 : settings.vectorShare() > 0;
    List<SearchIndex.Hit> vector = wanted ? withExactCosines(vectors.apply(text, n), exactCosines.apply(text, keyword))
        : List.of();
    Set<String> blind = keywordBlind(text, keyword, vector);
    return rrf ? RankFusion.reciprocalRanks(keyword, vector, settings.fusionK(), settings.vectorWeight(), blind)
        : RankFusion.scores(keyword, vector, vector.isEmpty() ? 0 : settings.vectorShare(), blind);
  }

  /**
   * The documents found by vectors that the text's keywords could not have reached, which fusion judges by their
   * meaning alone ({@link RankFusion#scores(List, List, double, Set)}): those written in Latin letters for a Chinese
   * or Japanese text, or in CJK characters for a Latin one, when the text holds no word that could match them. A
   * Chinese text reaches an English document only through a Latin word (a name in code); an English text reaches a
   * Chinese one only through the names in code that it holds, and did when its keyword search found one. A keyword
   * index cannot match a Chinese question to its English answer, so without this the answer lost the keyword share of
   * its score to every Chinese memory sharing a word with the question; where the text names something the other
   * script's memories could hold, a memory missing it is fused as usual. Its keyword coverage, which the relevance
   * floor reads, stays what the keywords found.
   */
  private Set<String> keywordBlind(String text, List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector) {
    Script script = Script.of(text);
    if (vector.isEmpty() || script == Script.HANGUL) {
      return Set.of(); // no model reads Korean: its vector hits say nothing either
    }
    Script counterpart = script == Script.CJK ? Script.LATIN : Script.CJK;
    Predicate<String> inCounterpart = id -> otherScript.test(id, script)
        && !otherScript.test(id, counterpart);
    boolean reaches = script == Script.CJK ? Script.holdsOtherLetters(text)
        : keyword.stream().map(SearchIndex.Hit::id).anyMatch(inCounterpart);
    if (reaches) {
      return Set.of();
    }
    Set<String> out = new HashSet<>();
    vector.stream().map(SearchIndex.Hit::id).filter(inCounterpart).forEach(out::add);
    return out;
  }

  /** The stored vectors' hits with the computed cosines of documents they could not hold, best first. */
  private static List<SearchIndex.Hit> withExactCosines(List<SearchIndex.Hit> stored, List<SearchIndex.Hit> exact) {
    if (exact.isEmpty()) {
      return stored;
    }
    Map<String, SearchIndex.Hit> byId = new LinkedHashMap<>();
    stored.forEach(h -> byId.put(h.id(), h));
    exact.forEach(h -> byId.putIfAbsent(h.id(), h));
    List<SearchIndex.Hit> out = new ArrayList<>(byId.values());
    out.sort(Comparator.comparingDouble(SearchIndex.Hit::score).reversed());
    return out;
  }

  /** Mixes {@code found} in with {@code weight}: what was there keeps {@code 1 - weight} of its score. */
  private static void add(Map<String, Scored> all, List<Candidate> found, double weight, String route) {
    all.values().forEach(s -> s.fused *= 1 - weight);
    for (Candidate c : found) {
      Scored s = all.computeIfAbsent(c.id(), id -> new Scored());
      s.fused += weight * c.fused();
      if (c.fused() > 0) {
        s.routes.add(route);
      }
    }
  }

  /**
   * Searches the best document's own words; a document found so scores {@code secondPassShare} times the
   * best document's score times its normalised second-pass score, when that is more than it had: the second
   * pass brings in the other hop of a multi-hop question below the first, and never reorders what the
   * question itself found better.
   */
  private void secondPass(Map<String, Scored> all) {
    Map.Entry<String, Scored> best = all.entrySet().stream()
        .max(Comparator.comparingDouble((Map.Entry<String, Scored> e) -> e.getValue().fused)
            .thenComparing(Map.Entry::getKey, Comparator.reverseOrder())).orElseThrow();
    RecallDocument doc = documents.get(best.getKey());
    if (doc == null || best.getValue().fused <= 0) {
      return;
    }
    double top = best.getValue().fused;
    List<SearchIndex.Hit> hits = index.keywordSearch(doc.searchText(), settings.candidatesPerRetriever()).stream()
        .filter(h -> !h.id().equals(best.getKey())).toList();
    for (Candidate c : RankFusion.scores(hits, List.of(), 0)) {
      double lifted = settings.secondPassShare() * top * c.fused();
      Scored s = all.computeIfAbsent(c.id(), id -> new Scored());
      if (lifted > s.fused) {
        s.fused = lifted;
        s.routes.add("second pass");
      }
    }
  }

  private Map<String, Double> coverage(RecallQuery query, Set<String> ids) {
    Map<String, Double> out = new HashMap<>(index.keywordCoverage(query.text(), ids));
    if (query.activity().isPresent() && settings.contextShare() > 0) {
      index.keywordCoverage(query.activity().get(), ids).forEach((id, c) -> out.merge(id, c, Math::max));
    }
    return out;
  }
}
