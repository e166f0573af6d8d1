package io.engram.recall;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

/** Fusion of a keyword and a vector ranking into one list of {@link Candidate}s, best first. */
public final class RankFusion {
  private RankFusion() {}

  /**
   * Score-normalised fusion (a convex combination): BM25 scores are divided by the best one (so every
   * keyword hit keeps a positive share), cosines are min-max normalised over the vector hits (they crowd in a
   * narrow band, and the spread is what tells them apart); a lone or tied list counts 1, a document missing
   * from a list counts 0 there, and the fused score is {@code (1 - vectorShare) * bm25' + vectorShare *
   * cosine'}, best first. Unlike RRF it keeps how far apart the scores are, not only their order. Each
   * candidate found by vectors carries its cosine.
   */
  public static List<Candidate> scores(List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector, double vectorShare) {
    return scores(keyword, vector, vectorShare, Set.of());
  }

  /**
   * As {@link #scores(List, List, double)}, except that a document of {@code keywordBlind} that the keyword ranking
   * does not hold counts its vector score in the keyword share too: the keyword search could not have found it (a
   * memory in another script than the query, which shares no word with it), so its absence there says nothing.
   */
  public static List<Candidate> scores(List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector, double vectorShare,
      Set<String> keywordBlind) {
    if (vectorShare < 0 || vectorShare > 1) {
      throw new IllegalArgumentException("vectorShare must be within 0..1, was " + vectorShare);
    }
    Map<String, double[]> acc = new HashMap<>();
    Map<String, int[]> ranks = new LinkedHashMap<>();
    addNormalised(keyword, 1 - vectorShare, 0, true, acc, ranks);
    addNormalised(vector, vectorShare, 1, false, acc, ranks);
    if (vectorShare > 0) {
      blindToKeywords(keywordBlind, ranks, acc, (1 - vectorShare) / vectorShare);
    }
    Map<String, Double> cosines = new HashMap<>();
    vector.forEach(h -> cosines.putIfAbsent(h.id(), h.cosine()));
    return candidates(acc, ranks, cosines);
  }

  private static void addNormalised(List<SearchIndex.Hit> hits, double weight, int slot, boolean fromZero,
      Map<String, double[]> acc, Map<String, int[]> ranks) {
    double min = fromZero ? 0 : hits.stream().mapToDouble(SearchIndex.Hit::score).min().orElse(0);
    double max = hits.stream().mapToDouble(SearchIndex.Hit::score).max().orElse(0);
    for (int i = 0; i < hits.size(); i++) {
      String id = hits.get(i).id();
      double norm = max > min ? (hits.get(i).score() - min) / (max - min) : 1.0;
      acc.computeIfAbsent(id, x -> new double[1])[0] += weight * norm;
      ranks.computeIfAbsent(id, x -> new int[2])[slot] = i + 1;
    }
  }

  /** Reciprocal rank fusion of two rankings: each id scores {@code sum 1/(k + rank)}, best first. */
  public static List<Candidate> reciprocalRanks(List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector, int k) {
    return reciprocalRanks(keyword, vector, k, 1.0);
  }

  /** Weighted reciprocal rank fusion: vector terms count {@code vectorWeight / (k + rank)}. */
  public static List<Candidate> reciprocalRanks(
      List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector, int k, double vectorWeight) {
    return reciprocalRanks(keyword, vector, k, vectorWeight, Set.of());
  }

  /**
   * As {@link #reciprocalRanks(List, List, int, double)}, except that a document of {@code keywordBlind} that the
   * keyword ranking does not hold counts its vector rank there too (as {@link #scores(List, List, double, Set)} says).
   */
  public static List<Candidate> reciprocalRanks(List<SearchIndex.Hit> keyword, List<SearchIndex.Hit> vector, int k,
      double vectorWeight, Set<String> keywordBlind) {
    Map<String, double[]> acc = new HashMap<>();
    Map<String, int[]> ranks = new LinkedHashMap<>();
    for (int i = 0; i < keyword.size(); i++) {
      String id = keyword.get(i).id();
      acc.computeIfAbsent(id, x -> new double[1])[0] += 1.0 / (k + i + 1);
      ranks.computeIfAbsent(id, x -> new int[2])[0] = i + 1;
    }
    for (int i = 0; i < vector.size(); i++) {
      String id = vector.get(i).id();
      acc.computeIfAbsent(id, x -> new double[1])[0] += vectorWeight / (k + i + 1);
      ranks.computeIfAbsent(id, x -> new int[2])[1] = i + 1;
    }
    if (vectorWeight > 0) {
      blindToKeywords(keywordBlind, ranks, acc, 1 / vectorWeight);
    }
    Map<String, Double> cosines = new HashMap<>();
    vector.forEach(h -> cosines.putIfAbsent(h.id(), h.cosine()));
    return candidates(acc, ranks, cosines);
  }

  /**
   * Gives each document of {@code blind} found by vectors alone its vector term once more, times {@code ratio} (the
   * keyword weight over the vector weight), in place of the keyword term it could not have.
   */
  private static void blindToKeywords(Set<String> blind, Map<String, int[]> ranks, Map<String, double[]> acc,
      double ratio) {
    for (String id : blind) {
      int[] r = ranks.get(id);
      if (r != null && r[0] == 0 && r[1] > 0) {
        acc.get(id)[0] *= 1 + ratio;
      }
    }
  }

  private static List<Candidate> candidates(Map<String, double[]> acc, Map<String, int[]> ranks,
      Map<String, Double> cosines) {
    List<Candidate> out = new ArrayList<>(acc.size());
    for (Map.Entry<String, int[]> e : ranks.entrySet()) {
      int[] r = e.getValue();
      Double cosine = cosines.get(e.getKey());
      out.add(new Candidate(e.getKey(), acc.get(e.getKey())[0],
          r[0] == 0 ? OptionalInt.empty() : OptionalInt.of(r[0]), r[1] == 0 ? OptionalInt.empty() : OptionalInt.of(r[1]),
          0, cosine == null ? OptionalDouble.empty() : OptionalDouble.of(cosine), List.of()));
    }
    out.sort(Comparator.comparingDouble(Candidate::fused).reversed().thenComparing(Candidate::id));
    return out;
  }
}
