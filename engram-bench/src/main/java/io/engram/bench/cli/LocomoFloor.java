package io.engram.bench.cli;

import io.engram.recall.Candidate;
import io.engram.recall.RelevanceFloor;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What recall's relevance floor does to LoCoMo questions: how many get nothing at all, how much of the
 * evidence recall's top k held the floor cut, and recall@k once the floor has cut. Every LoCoMo question
 * has an answer in its conversation, so here the floor can only cost; its gain (saying nothing for a query
 * nothing matches) is measured on the coding set.
 */
final class LocomoFloor {
  /** The floor's effect; the shares are in percent. */
  record Effect(double keywordFloor, double vectorFloor, int questions, int questionsWithNothing,
      Map<String, Double> evidenceCutPercent, Map<String, Double> recallWithFloor) {}

  private final List<Integer> ks;
  private final double keywordFloor;
  private final double vectorFloor;
  private int questions;
  private int nothing;
  private final double[] found;
  private final double[] cut;
  private final double[] kept;

  LocomoFloor(List<Integer> ks, double keywordFloor, double vectorFloor) {
    this.ks = List.copyOf(ks);
    this.keywordFloor = keywordFloor;
    this.vectorFloor = vectorFloor;
    this.found = new double[ks.size()];
    this.cut = new double[ks.size()];
    this.kept = new double[ks.size()];
  }

  void add(List<String> evidence, List<Candidate> ranked) {
    add(evidence, ranked, RelevanceFloor.fixed(keywordFloor, vectorFloor, Double.NEGATIVE_INFINITY));
  }

  /** As {@link #add(List, List)} with the relevance floor recall computed for this question. */
  void add(List<String> evidence, List<Candidate> ranked, RelevanceFloor floor) {
    questions++;
    List<Candidate> cleared = ranked.stream().filter(floor::clears).toList();
    if (cleared.isEmpty()) {
      nothing++;
    }
    for (int i = 0; i < ks.size(); i++) {
      Set<String> top = ids(ranked, ks.get(i));
      Set<String> topCleared = ids(cleared, ks.get(i));
      for (String e : evidence) {
        if (top.contains(e)) {
          found[i]++;
          if (ranked.stream().filter(c -> c.id().equals(e)).noneMatch(floor::clears)) {
            cut[i]++;
          }
        }
      }
      kept[i] += evidence.stream().filter(topCleared::contains).count() / (double) evidence.size();
    }
  }

  private static Set<String> ids(List<Candidate> ranked, int k) {
    Set<String> out = new HashSet<>();
    ranked.stream().limit(k).forEach(c -> out.add(c.id()));
    return out;
  }

  Effect effect() {
    Map<String, Double> cutShare = new LinkedHashMap<>();
    Map<String, Double> recall = new LinkedHashMap<>();
    for (int i = 0; i < ks.size(); i++) {
      cutShare.put(String.valueOf(ks.get(i)), found[i] == 0 ? 0 : Math.round(1000.0 * cut[i] / found[i]) / 10.0);
      recall.put(String.valueOf(ks.get(i)), questions == 0 ? 0 : Math.round(1000.0 * kept[i] / questions) / 10.0);
    }
    return new Effect(keywordFloor, vectorFloor == Double.POSITIVE_INFINITY ? -1 : vectorFloor, questions, nothing,
        cutShare, recall);
  }
}
