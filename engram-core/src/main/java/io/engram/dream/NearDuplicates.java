package io.engram.dream;

import io.engram.config.DreamSettings;
import io.engram.recall.Embedder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Finds memories that say nearly the same thing and merges them.
 *
 * <p>By words: the Jaccard index of word-bigram shingles ({@link Shingles}); two memories at or above the
 * threshold ({@code dream.mergeSimilarity}, default 0.8) are near-duplicates. Pairs are compared
 * exhaustively with a size filter (Jaccard of sets of sizes m &lt;= n is at most m/n), which is ample for
 * the few hundred topic files of a project. Words miss a paraphrase ("start Redis before the tests" /
 * "the tests need a running Redis"), so with an embedder the pairs below the word threshold are also
 * compared by meaning ({@link MeaningMatch}); without one (offline, or a hook that cannot load a model)
 * words alone decide.
 */
public final class NearDuplicates {
  private final double threshold;
  private final Optional<MeaningMatch> meaning;

  /** A detector that calls two memories duplicates at or above {@code threshold} (0 to 1], by words only. */
  public NearDuplicates(double threshold) {
    this(threshold, Optional.empty());
  }

  /** A detector by words at {@code threshold} and, when given, by meaning. */
  public NearDuplicates(double threshold, Optional<MeaningMatch> meaning) {
    if (!(threshold > 0.0 && threshold <= 1.0)) {
      throw new IllegalArgumentException("dream.mergeSimilarity must be in (0, 1], was " + threshold);
    }
    this.threshold = threshold;
    this.meaning = Objects.requireNonNull(meaning, "meaning");
  }

  /** A detector with the threshold of {@code settings}, by words only. */
  public static NearDuplicates of(DreamSettings settings) {
    return new NearDuplicates(settings.mergeSimilarity());
  }

  /**
   * A detector with the thresholds of {@code settings}: by words, and by meaning with {@code embedder} when
   * {@code dream.meaningSimilarity} has a threshold for its model ({@link Embedder#name()}), else with the first of
   * its models that has one ({@link Embedder#models()}: a pair's Latin model, whose threshold was measured, where the
   * pair's own cosine merged wrong pairs that model did not); empty {@code meaning} when none has.
   */
  public static NearDuplicates of(DreamSettings settings, Optional<Embedder> embedder) {
    Optional<MeaningMatch> meaning = embedder.flatMap(e -> Stream.concat(Stream.of(e), e.models().stream())
        .flatMap(m -> meaningThreshold(settings, m.name()).map(t -> new MeaningMatch(m, t)).stream()).findFirst());
    return new NearDuplicates(settings.mergeSimilarity(), meaning);
  }

  /** The meaning threshold {@code settings} hold for the model called {@code model} (case ignored). */
  public static Optional<Double> meaningThreshold(DreamSettings settings, String model) {
    return settings.meaningSimilarity().entrySet().stream()
        .filter(e -> e.getKey().equalsIgnoreCase(model.strip())).map(Map.Entry::getValue).findFirst();
  }

  /** The meaning match this detector uses, if any. */
  public Optional<MeaningMatch> meaning() {
    return meaning;
  }

  /** Similarity of two texts, 0 (nothing shared, or an empty text) to 1 (same shingles). */
  public static double similarity(String a, String b) {
    return Shingles.jaccard(Shingles.of(a), Shingles.of(b));
  }

  /**
   * Every pair at or above a threshold, by words or by meaning, the most alike first (by words, then
   * by meaning; ties by ids).
   */
  public List<DuplicatePair> find(List<MemoryText> memories) {
    List<MemoryText> sorted = new ArrayList<>(memories);
    sorted.sort(MemoryText::newestFirst);
    List<Set<String>> shingles = new ArrayList<>();
    for (MemoryText m : sorted) {
      shingles.add(Shingles.of(m.text()));
    }
    meaning.ifPresent(mm -> mm.vectors(sorted.stream().map(MemoryText::text).toList()));
    List<DuplicatePair> out = new ArrayList<>();
    for (int i = 0; i < sorted.size(); i++) {
      for (int j = i + 1; j < sorted.size(); j++) {
        Set<String> a = shingles.get(i);
        Set<String> b = shingles.get(j);
        boolean mayReach = Math.min(a.size(), b.size()) >= threshold * Math.max(a.size(), b.size());
        double sim = mayReach || meaning.isPresent() ? Shingles.jaccard(a, b) : 0;
        if (mayReach && sim >= threshold) {
          out.add(new DuplicatePair(sorted.get(j).id(), sorted.get(i).id(), sim));
        } else if (meaning.isPresent()) {
          MeaningMatch mm = meaning.get();
          double cosine = mm.cosine(sorted.get(i).text(), sorted.get(j).text());
          if (mm.same(sorted.get(j), sorted.get(i), cosine)) {
            out.add(new DuplicatePair(sorted.get(j).id(), sorted.get(i).id(), sim, OptionalDouble.of(cosine)));
          }
        }
      }
    }
    out.sort(Comparator.comparingDouble(DuplicatePair::similarity).reversed()
        .thenComparing(p -> -p.meaning().orElse(1.0))
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
    return merge(memories, Optional.empty());
  }

  /**
   * {@link #merge(List)}, and with {@code meaning} a sentence is also not said again when a kept sentence
   * means the same and it names nothing new ({@link MeaningMatch#alreadySaid}): a paraphrase merged into
   * its newer wording leaves one statement, not two.
   */
  public static String merge(List<MemoryText> memories, Optional<MeaningMatch> meaning) {
    List<MemoryText> sorted = new ArrayList<>(memories);
    sorted.sort(MemoryText::newestFirst);
    BodyMerge merge = new BodyMerge(meaning);
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
