package io.engram.dream;

import io.engram.config.EngramSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Finds memories that say nearly the same thing and merges them.
 *
 * <p>Similarity is the Jaccard index of word-bigram shingles ({@link Shingles}); two memories at or
 * above the threshold ({@code Dream.mergeSimilarity}, default 0.8) are near-duplicates. Pairs are
 * compared exhaustively with a size filter (Jaccard of sets of sizes m &lt;= n is at most m/n), which
 * is ample for the few hundred topic files of a project.
 */
public final class NearDuplicates {
  private final double threshold;

  /** A detector that calls two memories duplicates at or above {@code threshold} (0 to 1]. */
  public NearDuplicates(double threshold) {
    if (!(threshold > 0.0 && threshold <= 1.0)) {
      throw new IllegalArgumentException("dream.mergeSimilarity must be in (0, 1], was " + threshold);
    }
    this.threshold = threshold;
  }

  /** A detector with the threshold of {@code settings}. */
  public static NearDuplicates of(EngramSettings.Dream settings) {
    return new NearDuplicates(settings.mergeSimilarity());
  }

  /** Similarity of two texts, 0 (nothing shared, or an empty text) to 1 (same shingles). */
  public static double similarity(String a, String b) {
    return Shingles.jaccard(Shingles.of(a), Shingles.of(b));
  }

  /** Every pair at or above the threshold, most similar first (ties by ids). */
  public List<DuplicatePair> find(List<MemoryText> memories) {
    List<MemoryText> sorted = new ArrayList<>(memories);
    sorted.sort(MemoryText::newestFirst);
    List<Set<String>> shingles = new ArrayList<>();
    for (MemoryText m : sorted) {
      shingles.add(Shingles.of(m.text()));
    }
    List<DuplicatePair> out = new ArrayList<>();
    for (int i = 0; i < sorted.size(); i++) {
      for (int j = i + 1; j < sorted.size(); j++) {
        Set<String> a = shingles.get(i);
        Set<String> b = shingles.get(j);
        if (Math.min(a.size(), b.size()) < threshold * Math.max(a.size(), b.size())) {
          continue;
        }
        double sim = Shingles.jaccard(a, b);
        if (sim >= threshold) {
          out.add(new DuplicatePair(sorted.get(j).id(), sorted.get(i).id(), sim));
        }
      }
    }
    out.sort(Comparator.comparingDouble(DuplicatePair::similarity).reversed()
        .thenComparing(DuplicatePair::newerId)
        .thenComparing(DuplicatePair::olderId));
    return out;
  }

  /**
   * Groups memories linked by near-duplicate pairs (transitively); each group has at least two
   * members, newest first, and the groups are ordered by their newest member.
   */
  public List<List<MemoryText>> groups(List<MemoryText> memories) {
    Map<String, MemoryText> byId = new HashMap<>();
    Map<String, String> parent = new HashMap<>();
    for (MemoryText m : memories) {
      byId.put(m.id(), m);
      parent.put(m.id(), m.id());
    }
    for (DuplicatePair p : find(memories)) {
      parent.put(root(parent, p.olderId()), root(parent, p.newerId()));
    }
    Map<String, List<MemoryText>> groups = new TreeMap<>();
    for (MemoryText m : byId.values()) {
      groups.computeIfAbsent(root(parent, m.id()), k -> new ArrayList<>()).add(m);
    }
    List<List<MemoryText>> out = new ArrayList<>();
    for (List<MemoryText> g : groups.values()) {
      if (g.size() > 1) {
        g.sort(MemoryText::newestFirst);
        out.add(List.copyOf(g));
      }
    }
    out.sort((x, y) -> MemoryText.newestFirst(x.get(0), y.get(0)));
    return out;
  }

  /**
   * Merges bodies into one: the newest body first, then what each older one adds. Every distinct
   * line, bullet and code block is kept once; a sentence said before is not said again. See {@link
   * BodyMerge}.
   */
  public static String merge(List<MemoryText> memories) {
    List<MemoryText> sorted = new ArrayList<>(memories);
    sorted.sort(MemoryText::newestFirst);
    BodyMerge merge = new BodyMerge();
    for (MemoryText m : sorted) {
      merge.add(m.text());
    }
    return merge.result();
  }

  private static String root(Map<String, String> parent, String id) {
    String r = id;
    while (!parent.get(r).equals(r)) {
      r = parent.get(r);
    }
    parent.put(id, r);
    return r;
  }
}
