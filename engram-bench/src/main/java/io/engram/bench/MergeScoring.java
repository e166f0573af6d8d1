package io.engram.bench;

import io.engram.dream.MemoryText;
import io.engram.dream.NearDuplicates;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How a detector's merge decisions score against planted pairs ({@link MergeByMeaningBench}): pair by pair (each
 * pair alone, a merge right only for a paraphrase), and pooled (every distinct text of the pairs in one store, where a
 * merge is right only between a memory and its planted paraphrase), as precision, recall and F-beta.
 */
final class MergeScoring {
  /** When the first planted text was written; later ones a minute apart. */
  static final Instant T0 = Instant.parse("2026-05-01T00:00:00Z");

  private MergeScoring() {}

  /** One planted pair. */
  record Pair(String id, boolean tune, boolean same, String a, String b) {}

  /** Counts of merge decisions against the labels. */
  record Score(int truePositives, int falsePositives, int falseNegatives) {
    double precision() {
      return truePositives + falsePositives == 0 ? 1.0 : (double) truePositives / (truePositives + falsePositives);
    }

    double recall() {
      return truePositives + falseNegatives == 0 ? 1.0 : (double) truePositives / (truePositives + falseNegatives);
    }

    double f1() {
      double p = precision();
      double r = recall();
      return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }

    String line() {
      return String.format(Locale.ROOT, "precision %.2f, recall %.2f, F1 %.2f (%d merged right, %d wrongly, %d missed)",
          precision(), recall(), f1(), truePositives, falsePositives, falseNegatives);
    }
  }

  /** F-beta of {@code s}: beta below 1 weighs precision more (a false merge costs more than a missed one). */
  static double fBeta(Score s, double beta) {
    double p = s.precision();
    double r = s.recall();
    double b2 = beta * beta;
    return p + r == 0 ? 0 : (1 + b2) * p * r / (b2 * p + r);
  }

  static List<MemoryText> texts(Pair p) {
    return List.of(new MemoryText(p.id() + "/a", p.a(), T0), new MemoryText(p.id() + "/b", p.b(), T0.plusSeconds(3600)));
  }

  static boolean merges(NearDuplicates detector, Pair p) {
    return !detector.find(texts(p)).isEmpty();
  }

  static Score pairwise(List<Pair> pairs, NearDuplicates detector) {
    int tp = 0;
    int fp = 0;
    int fn = 0;
    for (Pair p : pairs) {
      boolean merged = merges(detector, p);
      tp += merged && p.same() ? 1 : 0;
      fp += merged && !p.same() ? 1 : 0;
      fn += !merged && p.same() ? 1 : 0;
    }
    return new Score(tp, fp, fn);
  }

  /**
   * Every distinct text of the pairs in one list: a merge is right only between a memory and its planted
   * paraphrase; every other merged pair (within a related pair or across pairs) is wrong.
   */
  static Score pooled(List<Pair> pairs, NearDuplicates detector) {
    Map<String, MemoryText> byText = new LinkedHashMap<>();
    Set<Set<String>> planted = new HashSet<>();
    int at = 0;
    for (Pair p : pairs) {
      for (String t : List.of(p.a(), p.b())) {
        if (!byText.containsKey(t)) {
          byText.put(t, new MemoryText("m" + byText.size(), t, T0.plusSeconds(60L * at++)));
        }
      }
      if (p.same()) {
        planted.add(Set.of(byText.get(p.a()).id(), byText.get(p.b()).id()));
      }
    }
    Map<String, Integer> group = new HashMap<>();
    List<List<MemoryText>> groups = detector.groups(List.copyOf(byText.values()));
    for (int g = 0; g < groups.size(); g++) {
      for (MemoryText m : groups.get(g)) {
        group.put(m.id(), g);
      }
    }
    List<String> ids = byText.values().stream().map(MemoryText::id).toList();
    int tp = 0;
    int fp = 0;
    for (int i = 0; i < ids.size(); i++) {
      for (int j = i + 1; j < ids.size(); j++) {
        Integer gi = group.get(ids.get(i));
        if (gi != null && gi.equals(group.get(ids.get(j)))) {
          if (planted.contains(Set.of(ids.get(i), ids.get(j)))) {
            tp++;
          } else {
            fp++;
          }
        }
      }
    }
    return new Score(tp, fp, planted.size() - tp);
  }

}
