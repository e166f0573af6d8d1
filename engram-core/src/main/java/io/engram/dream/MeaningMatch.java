package io.engram.dream;

import io.engram.recall.Embedder;
import io.engram.recall.Vectors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Near-duplicates by meaning: two memories whose sentence vectors ({@link Embedder}) have a cosine at or
 * above {@code threshold} say the same thing, unless they name different specifics ({@link Specifics}:
 * "tests need Redis on 6379" / "tests need Postgres on 5432") or contradict each other ({@link
 * Contradictions}), which the dream supersedes rather than merges. The threshold belongs to the model: each
 * model spreads its cosines differently ({@code dream.meaningSimilarity} holds one per model name).
 *
 * <p>Vectors are computed once per text and kept (one match serves one dream), so a dream embeds each
 * memory and each sentence once.
 */
public final class MeaningMatch {
  private final Embedder embedder;
  private final double threshold;
  private final Map<String, float[]> cache = new HashMap<>();

  /**
   * A match with {@code embedder} at {@code threshold}, the cosine at or above which two memories mean the
   * same, in (0, 1].
   */
  public MeaningMatch(Embedder embedder, double threshold) {
    this.embedder = Objects.requireNonNull(embedder, "embedder");
    if (!(threshold > 0.0 && threshold <= 1.0)) {
      throw new IllegalArgumentException("dream.meaningSimilarity must be in (0, 1], was " + threshold);
    }
    this.threshold = threshold;
  }

  /** The model's name, for reports. */
  public String model() {
    return embedder.name();
  }

  /** The cosine at or above which two memories mean the same. */
  public double threshold() {
    return threshold;
  }

  /** The cosine of two texts' vectors. */
  double cosine(String a, String b) {
    vectors(List.of(a, b));
    return Vectors.cosine(cache.get(a), cache.get(b));
  }

  /** Embeds, in one batch, the texts not embedded yet. */
  void vectors(List<String> texts) {
    List<String> missing = new ArrayList<>();
    for (String t : texts) {
      if (!cache.containsKey(t) && !missing.contains(t)) {
        missing.add(t);
      }
    }
    if (missing.isEmpty()) {
      return;
    }
    List<float[]> v = embedder.embedAll(missing);
    for (int i = 0; i < missing.size(); i++) {
      cache.put(missing.get(i), Vectors.unit(v.get(i)));
    }
  }

  /** True when two memories mean the same and neither names what the other lacks nor contradicts it. */
  boolean same(MemoryText a, MemoryText b, double cosine) {
    return cosine >= threshold && !Specifics.conflict(a.text(), b.text())
        && Contradictions.between(a, b).isEmpty() && Contradictions.between(b, a).isEmpty();
  }

  /**
   * True when {@code sentence} says again what one of {@code said} says: by meaning, and naming nothing
   * that {@code mentioned} (the said sentences' {@link Specifics#mentions}) lacks, so a sentence with a new
   * port, path or name is kept.
   */
  boolean alreadySaid(String sentence, List<String> said, String mentioned) {
    if (said.isEmpty() || Specifics.namesMissingFrom(Specifics.of(sentence), mentioned)) {
      return false;
    }
    List<String> all = new ArrayList<>(said);
    all.add(sentence);
    vectors(all);
    for (String s : said) {
      if (Vectors.cosine(cache.get(sentence), cache.get(s)) >= threshold) {
        return true;
      }
    }
    return false;
  }
}
