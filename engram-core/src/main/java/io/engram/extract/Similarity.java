package io.engram.extract;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Finds the stored memory a candidate restates, so that it becomes an update instead of a duplicate. */
final class Similarity {
  /** Fewest shared terms: one shared word ("tests") is not the same knowledge. */
  static final int MIN_SHARED = 2;

  private Similarity() {}

  /**
   * The name of the most similar existing memory, if one is similar enough: its terms share at least {@code
   * threshold} of the smaller term set ({@link #score}).
   */
  static Optional<String> match(String name, String key, List<ExistingMemory> existing, double threshold) {
    Set<String> mine = new HashSet<>(Terms.of(name.replace('-', ' ')));
    mine.addAll(Terms.of(key));
    String best = null;
    double bestScore = 0;
    for (ExistingMemory e : existing) {
      if (e.name().equalsIgnoreCase(name)) {
        return Optional.of(e.name());
      }
      Set<String> theirs = new HashSet<>(Terms.of(e.name().replace('-', ' ')));
      theirs.addAll(Terms.of(e.description()));
      double score = score(mine, theirs);
      if (score > bestScore) {
        bestScore = score;
        best = e.name();
      }
    }
    return bestScore >= threshold ? Optional.of(best) : Optional.empty();
  }

  /** Overlap coefficient, or 0 when fewer than {@link #MIN_SHARED} terms are shared. */
  static double score(Set<String> a, Set<String> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return 0;
    }
    Set<String> shared = new HashSet<>(a);
    shared.retainAll(b);
    int needed = Math.min(MIN_SHARED, Math.min(a.size(), b.size()));
    return shared.size() < needed ? 0 : (double) shared.size() / Math.min(a.size(), b.size());
  }
}
