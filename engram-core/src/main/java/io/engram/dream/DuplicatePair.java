package io.engram.dream;

import java.util.OptionalDouble;

/**
 * Two memories similar enough to merge.
 *
 * @param olderId the memory updated earlier (merged into the newer one)
 * @param newerId the memory updated later
 * @param similarity Jaccard similarity of their word-bigram shingles, 0 to 1
 * @param meaning the cosine of their sentence vectors, when they were compared by meaning
 */
public record DuplicatePair(String olderId, String newerId, double similarity, OptionalDouble meaning) {

  /** A pair found by words alone. */
  public DuplicatePair(String olderId, String newerId, double similarity) {
    this(olderId, newerId, similarity, OptionalDouble.empty());
  }

  /** How alike the pair is, for reports: "similarity 0.85" or "words 0.31, meaning 0.93". */
  public String describe() {
    return meaning.isPresent()
        ? String.format(java.util.Locale.ROOT, "words %.2f, meaning %.2f", similarity, meaning.getAsDouble())
        : String.format(java.util.Locale.ROOT, "similarity %.2f", similarity);
  }
}
