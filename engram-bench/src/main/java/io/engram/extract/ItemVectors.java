package io.engram.extract;

import io.engram.recall.Embedder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The labelled turns' vectors, each read once by the embedding model of its script ({@link TurnVector}), for the lab's
 * correction models that weigh a turn's meaning; {@link #NONE} for a lab given no model, which a variant that needs
 * them refuses.
 */
public final class ItemVectors {
  /** No vectors: the lab was given no embedding model. */
  public static final ItemVectors NONE = new ItemVectors(Map.of(), Map.of());

  private final Map<String, Optional<TurnVector>> byId;
  private final Map<String, Optional<TurnVector>> byClauses;

  private ItemVectors(Map<String, Optional<TurnVector>> byId, Map<String, Optional<TurnVector>> byClauses) {
    this.byId = byId;
    this.byClauses = byClauses;
  }

  /**
   * Reads every item with the model of its script in {@code byScript} ({@code han}, {@code other}), each model asked
   * for when a turn of its script comes (sets of one language need only their model); {@code progress} hears how many
   * are read, every so often.
   */
  static ItemVectors readItems(List<CorrectionEvaluation.Item> items, Map<String, Supplier<Embedder>> byScript,
      IntConsumer progress) {
    return readItems(items, byScript, false, progress);
  }

  /** The same, with {@code clauses} also each turn's clauses read one by one (the highest of each component). */
  static ItemVectors readItems(List<CorrectionEvaluation.Item> items, Map<String, Supplier<Embedder>> byScript,
      boolean clauses, IntConsumer progress) {
    for (String script : TurnVector.SCRIPTS) {
      if (!byScript.containsKey(script)) {
        throw new IllegalArgumentException("no embedding model for the script " + script);
      }
    }
    Map<String, Embedder> models = new HashMap<>();
    Map<String, Optional<TurnVector>> byId = new HashMap<>();
    Map<String, Optional<TurnVector>> byClauses = new HashMap<>();
    int n = 0;
    for (CorrectionEvaluation.Item i : items) {
      Embedder model = models.computeIfAbsent(TurnVector.scriptOf(i.text()), s -> byScript.get(s).get());
      byId.put(i.id(), TurnVector.read(i.text(), model));
      if (clauses) {
        byClauses.put(i.id(), byClause(i.text(), model));
      }
      // a line of progress every few hundred turns: an embedding pass over the sets takes minutes
      if (++n % 500 == 0) {
        progress.accept(n);
      }
    }
    return new ItemVectors(byId, byClauses);
  }

  /** Reads the items of {@code sets} ({@link #readItems}). */
  public static ItemVectors read(List<java.nio.file.Path> sets, Map<String, Supplier<Embedder>> byScript,
      boolean clauses, IntConsumer progress) throws java.io.IOException {
    return readItems(CorrectionLab.read(sets, false), byScript, clauses, progress);
  }

  // The highest of each component over the turn's clauses, each read alone, made unit length again: a standing rule
  // said in one clause of a long request is not averaged away by the request's other clauses. The model's name says
  // it is read so, so weights fitted on it never meet a whole turn's vector.
  private static Optional<TurnVector> byClause(String turn, Embedder model) {
    float[] max = null;
    for (Sentence s : Sentences.of(PastedVoices.blank(CodeLines.blank(turn)))) {
      String clause = TurnVector.textOf(s.text());
      if (clause.isEmpty()) {
        continue;
      }
      float[] v = model.embed(clause);
      if (max == null) {
        max = v.clone();
      } else {
        for (int d = 0; d < v.length; d++) {
          max[d] = Math.max(max[d], v[d]);
        }
      }
    }
    if (max == null) {
      return Optional.empty();
    }
    double norm = 0;
    for (float x : max) {
      norm += x * x;
    }
    for (int d = 0; d < max.length; d++) {
      max[d] /= (float) Math.sqrt(norm);
    }
    return Optional.of(new TurnVector(TurnVector.scriptOf(turn), model.name() + "#clauses", max));
  }

  /** The item's vector when {@code variant} weighs one; none otherwise, or for a turn of no words of its own. */
  Optional<TurnVector> of(CorrectionEvaluation.Item item, CorrectionSweep.Variant variant) {
    if (!variant.vectors()) {
      return Optional.empty();
    }
    Optional<TurnVector> v = (variant.features() == CorrectionSweep.Variant.Features.CUES_AND_CLAUSE_VECTORS
        ? byClauses : byId).get(item.id());
    if (v == null) {
      throw new IllegalStateException("the turn " + item.id() + " was not read by an embedding model: give the lab"
          + " the models (--models) for a variant that weighs vectors (" + variant.name() + ")");
    }
    return v;
  }
}
