package io.engram.recall;

import io.engram.config.RecallSettings;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The relevance floor of a query on the model of a {@link RecallIndex}: how close a text comes to a prompt by being a
 * prompt (the nearest reference prompt, {@link RelevanceAnchors}), the cosine a memory must reach by meaning ({@link
 * #vectorFloor}), the one a memory found by keywords must also reach ({@link #keywordGate}), and, with a pair of models,
 * the floor of a memory in the other script ({@link RelevanceFloor}). A query the model does not read ({@link
 * #readable}) is floored by its words alone, as without a model.
 */
final class QueryFloors {
  private final Optional<Embedder> embedder;
  private final Optional<QueryVectors> queries;
  private final DocumentScripts scripts;

  QueryFloors(Optional<Embedder> embedder, Optional<QueryVectors> queries, DocumentScripts scripts) {
    this.embedder = embedder;
    this.queries = queries;
    this.scripts = scripts;
  }

  /**
   * The cosine between {@code query} and the nearest of the reference prompts in its script ({@link
   * RelevanceAnchors}): the model's measure of how close a text comes to a prompt by being a prompt. Empty without an
   * embedder, for a blank query, or when the model fails.
   */
  OptionalDouble anchorCosine(String query) {
    if (queries.isEmpty() || query.isBlank() || !readable(query)) {
      return OptionalDouble.empty();
    }
    try {
      return OptionalDouble.of(RelevanceAnchors.nearest(embedder.get(), query, queries.get().vector(query)));
    } catch (RuntimeException e) {
      return OptionalDouble.empty(); // the configured floor still holds
    }
  }

  /**
   * The cosine a memory must reach for {@code query} to clear the relevance floor by meaning, by the floors of the
   * model that reads the query ({@link Embedder#reading}): its absolute floor ({@code recall.vectorFloors}) and, for a
   * model with an anchor margin, the nearest reference prompt's cosine plus that margin, whichever is higher, times the
   * reading's scale (a reference prompt is a prompt, so it meets the query on the reading model's own scale); infinite
   * without vectors, for a query the model does not read ({@link #readable}), or with no floor for the model.
   */
  double vectorFloor(String query, RecallSettings settings) {
    if (embedder.isEmpty() || !readable(query)) {
      return Double.POSITIVE_INFINITY;
    }
    Embedder.Reading reading = embedder.get().reading(query);
    double absolute = settings.vectorFloor(reading.model());
    OptionalDouble margin = settings.anchorMargin(reading.model());
    OptionalDouble anchor = margin.isPresent() ? anchorCosine(query) : OptionalDouble.empty();
    double floor = anchor.isEmpty() ? absolute : Math.max(absolute == Double.POSITIVE_INFINITY ? -1 : absolute,
        anchor.getAsDouble() + margin.getAsDouble());
    return floor * reading.scale();
  }

  /**
   * The cosine a memory that clears the floor by keywords must also reach for {@code query}: for a model with an anchor
   * margin, the nearest reference prompt's cosine plus {@code recall.keywordGate}, on the reading's scale (a shared
   * word is not enough when the model puts the memory further from the prompt than everyday requests); without one,
   * no bound.
   */
  double keywordGate(String query, RecallSettings settings) {
    if (embedder.isEmpty() || !readable(query)) {
      return Double.NEGATIVE_INFINITY;
    }
    Embedder.Reading reading = embedder.get().reading(query);
    if (settings.anchorMargin(reading.model()).isEmpty()) {
      return Double.NEGATIVE_INFINITY;
    }
    OptionalDouble anchor = anchorCosine(query);
    return anchor.isEmpty() ? Double.NEGATIVE_INFINITY
        : (anchor.getAsDouble() + settings.keywordGate()) * reading.scale();
  }

  /**
   * The relevance floor of {@code query}, candidate by candidate: {@code recall.keywordFloor}, the {@link #keywordGate}
   * and the {@link #vectorFloor} for a memory in the query's script; with a pair ({@link Embedder#models}: the cosines
   * of a memory in the other script are the mean of readings, {@link SecondReadings}) whose reading model has a {@code
   * recall.otherScriptMargins} entry, a memory in the other script has the floor of the nearest reference prompt of its
   * own script ({@link RelevanceFloor}).
   */
  RelevanceFloor relevanceFloor(String query, RecallSettings settings) {
    double vectorFloor = vectorFloor(query, settings);
    double keywordGate = keywordGate(query, settings);
    if (embedder.isEmpty() || embedder.get().models().size() < 2 || !readable(query)) {
      return RelevanceFloor.fixed(settings.keywordFloor(), vectorFloor, keywordGate);
    }
    Embedder e = embedder.get();
    Embedder.Reading reading = e.reading(query);
    Script script = Script.of(query);
    return new RelevanceFloor(settings.keywordFloor(), vectorFloor, keywordGate, id -> scripts.otherScript(id, script),
        memoryScript -> nearestReference(query, memoryScript), settings.otherScriptMargin(reading.model()),
        reading.scale());
  }

  // NaN when the model fails: the query's own floor then holds.
  private double nearestReference(String query, Script memoryScript) {
    try {
      return SecondReadings.nearestReference(embedder.get(), query, queries.orElseThrow().vector(query), memoryScript);
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }

  /**
   * Whether the model reads {@code query}'s script ({@link Embedder#reads}); a query it does not read is searched and
   * floored by its words alone, as without a model.
   */
  boolean readable(String query) {
    return embedder.isPresent() && embedder.get().reads(Script.of(query));
  }
}
