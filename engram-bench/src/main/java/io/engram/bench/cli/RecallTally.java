package io.engram.bench.cli;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Evidence recall@k of one retriever: per question, the share of its evidence turns found in the top
 * k; averaged over questions, overall and per category. Reported in percent, like the LoCoMo paper.
 */
final class RecallTally {
  private final List<Integer> ks;
  private final double[] sums;
  private int questions;
  private final Map<Integer, double[]> categorySums = new TreeMap<>();
  private final Map<Integer, Integer> categoryCounts = new TreeMap<>();

  RecallTally(List<Integer> ks) {
    this.ks = List.copyOf(ks);
    this.sums = new double[ks.size()];
  }

  void add(int category, List<String> evidence, List<String> ranked) {
    double[] cat = categorySums.computeIfAbsent(category, c -> new double[ks.size()]);
    for (int i = 0; i < ks.size(); i++) {
      Set<String> top = new HashSet<>(ranked.subList(0, Math.min(ranked.size(), ks.get(i))));
      double found = evidence.stream().filter(top::contains).count() / (double) evidence.size();
      sums[i] += found;
      cat[i] += found;
    }
    questions++;
    categoryCounts.merge(category, 1, Integer::sum);
  }

  /** k -> recall in percent. */
  Map<String, Double> overall() {
    return percents(sums, questions);
  }

  /** category -> (k -> recall in percent). */
  Map<String, Map<String, Double>> byCategory() {
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    categorySums.forEach((c, s) -> out.put(String.valueOf(c), percents(s, categoryCounts.get(c))));
    return out;
  }

  Map<String, Integer> categoryCounts() {
    Map<String, Integer> out = new LinkedHashMap<>();
    categoryCounts.forEach((c, n) -> out.put(String.valueOf(c), n));
    return out;
  }

  private Map<String, Double> percents(double[] s, int n) {
    Map<String, Double> out = new LinkedHashMap<>();
    for (int i = 0; i < ks.size(); i++) {
      out.put(String.valueOf(ks.get(i)), n == 0 ? 0 : Math.round(1000.0 * s[i] / n) / 10.0);
    }
    return out;
  }
}
