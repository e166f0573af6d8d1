package io.engram.recall;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * A score of a memory written in the other script than the query, put on the scale of the scores of memories in the
 * query's script. A model that reads two languages does not put them on one scale: bge-small-zh puts a Chinese prompt
 * and the English translation of it at 0.56 and two unrelated English prompts at 0.51, while within Chinese a prompt
 * meets its own words at 0.89 and an unrelated prompt at 0.34; so an English memory that answers a Chinese question
 * ranks below Chinese memories that share only the question's topic, and the other way round.
 *
 * <p>Two points fix the map, both measured on Engram's reference prompts ({@link RelevanceAnchors}), which exist in
 * both scripts as translations of each other and which no memory is about: the mean cosine of a prompt read as a query
 * with the other prompts stored as memories (unrelated texts), and its mean cosine with itself (the same meaning). The
 * map is the line through those two points across scripts and within the query's script: an unrelated memory in the
 * other script lands where unrelated memories of the query's script are, a translation where the query's own words
 * would be. A memory in the other script scores the mean of several readings ({@link SecondReadings}), so the map is
 * that of the mean: one line for all such memories, which therefore keep their order among themselves (a store wholly
 * in the other script ranks as before). The means are measured once per reading model, store and script in a process
 * (the prompts stored: one run of the store's model per prompt).
 */
final class ScriptShifts {
  /** The map of a cosine across scripts onto the query's script's scale; {@link #NONE} leaves it as it is. */
  record Calibration(double ownBackground, double otherBackground, double stretch) {
    static final Calibration NONE = new Calibration(0, 0, 1);

    double apply(double cosine) {
      return ownBackground + (cosine - otherBackground) * stretch;
    }
  }

  /** A reading's mean cosines of each prompt with the other prompts and with itself (or its translation). */
  record Means(double unrelated, double same) {
    /** These means moved by {@code shift}. */
    Means plus(double shift) {
      return new Means(unrelated + shift, same + shift);
    }
  }

  // By reader, then store, then the query's script: the means within that script, then across.
  private static final Map<Embedder, Map<Embedder, Map<Script, Means[]>>> MEANS =
      Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Embedder, Map<Script, float[][]>> STORED = Collections.synchronizedMap(new WeakHashMap<>());

  private ScriptShifts() {}

  /** {@code reader}'s means, on its own scale, over prompts of {@code queryScript} stored by {@code store}. */
  static Means within(Embedder reader, Embedder store, Script queryScript) {
    return measured(reader, store, queryScript)[0];
  }

  /** {@code reader}'s means, on its own scale, over prompts of the other script than {@code queryScript}. */
  static Means across(Embedder reader, Embedder store, Script queryScript) {
    return measured(reader, store, queryScript)[1];
  }

  /**
   * The calibration of a score that is the mean of readings whose means across scripts are {@code across} (each moved
   * as its reading is) onto the scale whose means within the query's script are {@code own}. Readings that put
   * translations no nearer than unrelated prompts cannot be calibrated, and are left as they are.
   */
  static Calibration between(Means own, List<Means> across) {
    double unrelated = across.stream().mapToDouble(Means::unrelated).average().orElse(0);
    double spread = across.stream().mapToDouble(Means::same).average().orElse(0) - unrelated;
    return spread <= 0 ? Calibration.NONE
        : new Calibration(own.unrelated(), unrelated, (own.same() - own.unrelated()) / spread);
  }

  private static Means[] measured(Embedder reader, Embedder store, Script queryScript) {
    return MEANS.computeIfAbsent(reader, r -> Collections.synchronizedMap(new WeakHashMap<>()))
        .computeIfAbsent(store, s -> Collections.synchronizedMap(new EnumMap<>(Script.class)))
        .computeIfAbsent(queryScript, q -> {
          Script other = queryScript == Script.CJK ? Script.LATIN : Script.CJK;
          float[][] queries = RelevanceAnchors.queryVectors(reader, queryScript);
          double scale = reader.reading(RelevanceAnchors.texts(queryScript).get(0)).scale();
          return new Means[] {means(queries, stored(store, queryScript), scale),
              means(queries, stored(store, other), scale)};
        });
  }

  private static Means means(float[][] queries, float[][] stored, double scale) {
    double unrelated = 0;
    double same = 0;
    for (int i = 0; i < queries.length; i++) {
      for (int j = 0; j < stored.length; j++) {
        double cosine = Vectors.cosine(queries[i], stored[j]) / scale;
        if (i == j) {
          same += cosine;
        } else {
          unrelated += cosine;
        }
      }
    }
    int n = Math.min(queries.length, stored.length);
    return new Means(unrelated / ((double) queries.length * stored.length - n), same / n);
  }

  /** The reference prompts of {@code script} as {@code store} stores a memory, embedded once per process. */
  static float[][] stored(Embedder store, Script script) {
    return STORED.computeIfAbsent(store, s -> Collections.synchronizedMap(new EnumMap<>(Script.class)))
        .computeIfAbsent(script, s -> store.embedFixed(RelevanceAnchors.texts(s), false).toArray(float[][]::new));
  }
}
