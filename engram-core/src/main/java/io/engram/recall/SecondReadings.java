package io.engram.recall;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A query searched by every model of the embedder that can read it ({@link Embedder#otherReaders}), for the memories
 * written in another script than the query: the model that reads the query may read little of them (MiniLM reads the
 * English names in a Chinese memory and nothing else), a model that reads both scripts reads all of it. Such a memory
 * scores the mean of all the readings, each model's cosine measured from its own nearest reference prompt
 * ({@link RelevanceAnchors}): cosines of different models do not compare (one puts any two texts near 0.1, another near
 * 0.5), their distances above what an unrelated prompt reaches do. The mean keeps what each reading sees and halves the
 * noise of the one that cannot read the memory; the better reading alone lets that noise win (measured). A memory in
 * the query's own script keeps the main reading alone, so an English store ranks as the English model ranks it.
 *
 * <p>With two models (the pair), each reading of a memory in the other script is also calibrated across scripts
 * ({@link ScriptShifts}) before it ranks, so a Chinese question's English answer is not outranked by Chinese memories
 * that share only its topic, nor an English question's Chinese answer by English ones; a Chinese query, which only the
 * Chinese model reads, is calibrated too. The calibration moves the ranking only: a hit's {@link SearchIndex.Hit#cosine}
 * stays the uncalibrated mean, which the relevance floor judges (calibrated, the floor let through a third of the prompts
 * no memory answers on the tuning data; docs/BENCHMARKS.md, "Cosines across scripts on one scale").
 */
final class SecondReadings {
  private SecondReadings() {}

  /**
   * The {@code limit} nearest memories to {@code query}, best first, on the main reading's scale: {@code mainVector} is
   * the query as {@code embedder} embeds it; a memory that {@code otherScript} accepts scores the mean of every
   * reading, one reading that did not place it among its {@code limit} nearest counting its lowest score there (at
   * most what the memory would have had). Another reading's score is the main reading's anchor cosine plus the
   * memory's distance above that model's own anchor. With two models, the scores of memories in the other script are
   * calibrated across scripts and their cosines are not.
   */
  static List<SearchIndex.Hit> search(SearchIndex index, Embedder embedder, String query, float[] mainVector,
      int limit, Predicate<String> otherScript) {
    List<SearchIndex.Hit> main = index.vectorSearch(mainVector, limit);
    List<Embedder> others = embedder.otherReaders(query);
    boolean calibrated = embedder.models().size() > 1;
    if (others.isEmpty() && !calibrated) {
      return main;
    }
    Script script = Script.of(query);
    double scale = embedder.reading(query).scale();
    List<Map<String, Double>> readings = new ArrayList<>();
    readings.add(byId(main));
    List<ScriptShifts.Means> across = new ArrayList<>();
    if (calibrated) {
      across.add(ScriptShifts.across(embedder, embedder, script));
    }
    for (OtherReading other : otherReadings(embedder, query, mainVector, others)) {
      readings.add(byId(index.vectorSearch(other.vector(), limit).stream()
          .map(h -> new SearchIndex.Hit(h.id(), other.onMainScale(h.score()))).toList()));
      if (calibrated) {
        across.add(ScriptShifts.across(other.model(), embedder, script).plus(other.shift()));
      }
    }
    ScriptShifts.Calibration calibration = calibrated
        ? ScriptShifts.between(ScriptShifts.within(embedder, embedder, script), across) : ScriptShifts.Calibration.NONE;
    Map<String, SearchIndex.Hit> scores = new HashMap<>();
    main.stream().filter(h -> !otherScript.test(h.id())).forEach(h -> scores.put(h.id(), h));
    Set<String> otherIds = new LinkedHashSet<>();
    readings.forEach(r -> r.keySet().stream().filter(otherScript).forEach(otherIds::add));
    for (String id : otherIds) {
      double sum = 0;
      for (Map<String, Double> reading : readings) {
        Double score = reading.get(id);
        sum += score != null ? score : reading.values().stream().mapToDouble(Double::doubleValue).min().orElse(0);
      }
      double cosine = sum / readings.size();
      scores.put(id, new SearchIndex.Hit(id, calibration.apply(cosine / scale) * scale, cosine));
    }
    List<SearchIndex.Hit> out = new ArrayList<>(scores.values());
    out.sort(Comparator.comparingDouble(SearchIndex.Hit::score).reversed().thenComparing(SearchIndex.Hit::id));
    return out.subList(0, Math.min(limit, out.size()));
  }

  /**
   * The cosine {@link #search} gives a memory in another script than {@code query} that is as near the query as the
   * nearest of the reference prompts of {@code memoryScript}, stored as memories are ({@link RelevanceAnchors}, which no
   * memory is about): the mean of every reading, uncalibrated, as a hit's {@link SearchIndex.Hit#cosine}. The
   * relevance floor of such a memory starts there: a translation of the prompt clears it, a text that shares only the
   * prompt's topic or form meets the references. {@code mainVector} is the query as {@code embedder} embeds it.
   */
  static double nearestReference(Embedder embedder, String query, float[] mainVector, Script memoryScript) {
    float[][] stored = ScriptShifts.stored(embedder, memoryScript);
    double[] sums = new double[stored.length];
    for (int j = 0; j < stored.length; j++) {
      sums[j] = Vectors.cosine(mainVector, stored[j]);
    }
    List<OtherReading> others = otherReadings(embedder, query, mainVector, embedder.otherReaders(query));
    for (OtherReading other : others) {
      for (int j = 0; j < stored.length; j++) {
        sums[j] += other.onMainScale(Vectors.cosine(other.vector(), stored[j]));
      }
    }
    double best = Double.NEGATIVE_INFINITY;
    for (double sum : sums) {
      best = Math.max(best, sum / (1 + others.size()));
    }
    return best;
  }

  /**
   * Another model's reading of a query: its vector, and how its cosines come onto the main reading's scale (divided by
   * its own scale, moved by {@code shift}, the main reading's nearest reference prompt's cosine less its own, times
   * the main reading's scale).
   */
  private record OtherReading(Embedder model, float[] vector, double otherScale, double shift, double scale) {
    double onMainScale(double cosine) {
      return (cosine / otherScale + shift) * scale;
    }
  }

  private static List<OtherReading> otherReadings(Embedder embedder, String query, float[] mainVector,
      List<Embedder> others) {
    if (others.isEmpty()) {
      return List.of();
    }
    double scale = embedder.reading(query).scale();
    double mainAnchor = RelevanceAnchors.nearest(embedder, query, mainVector);
    List<OtherReading> out = new ArrayList<>(others.size());
    for (Embedder other : others) {
      float[] vector = other.embedQuery(query);
      out.add(new OtherReading(other, vector, other.reading(query).scale(),
          mainAnchor - RelevanceAnchors.nearest(other, query, vector), scale));
    }
    return out;
  }

  private static Map<String, Double> byId(List<SearchIndex.Hit> hits) {
    Map<String, Double> out = new HashMap<>();
    hits.forEach(h -> out.put(h.id(), h.score()));
    return out;
  }
}
