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
  public static final ItemVectors NONE = new ItemVectors(Map.of());

  private final Map<String, Optional<TurnVector>> byId;

  private ItemVectors(Map<String, Optional<TurnVector>> byId) {
    this.byId = byId;
  }

  /**
   * Reads every item with the model of its script in {@code byScript} ({@code han}, {@code other}), each model asked
   * for when a turn of its script comes (sets of one language need only their model); {@code progress} hears how many
   * are read, every so often.
   */
  static ItemVectors readItems(List<CorrectionEvaluation.Item> items, Map<String, Supplier<Embedder>> byScript,
      IntConsumer progress) {
    for (String script : TurnVector.SCRIPTS) {
      if (!byScript.containsKey(script)) {
        throw new IllegalArgumentException("no embedding model for the script " + script);
      }
    }
    Map<String, Embedder> models = new HashMap<>();
    Map<String, Optional<TurnVector>> byId = new HashMap<>();
    int n = 0;
    for (CorrectionEvaluation.Item i : items) {
      Embedder model = models.computeIfAbsent(TurnVector.scriptOf(i.text()), s -> byScript.get(s).get());
      byId.put(i.id(), TurnVector.read(i.text(), model));
      // a line of progress every few hundred turns: an embedding pass over the sets takes minutes
      if (++n % 500 == 0) {
        progress.accept(n);
      }
    }
    return new ItemVectors(byId);
  }

  /** Reads the items of {@code sets} ({@link #readItems}). */
  public static ItemVectors read(List<java.nio.file.Path> sets, Map<String, Supplier<Embedder>> byScript,
      IntConsumer progress)
      throws java.io.IOException {
    return readItems(CorrectionLab.read(sets, false), byScript, progress);
  }

  /** The item's vector when {@code variant} weighs one; none otherwise, or for a turn of no words of its own. */
  Optional<TurnVector> of(CorrectionEvaluation.Item item, CorrectionSweep.Variant variant) {
    if (!variant.vectors()) {
      return Optional.empty();
    }
    Optional<TurnVector> v = byId.get(item.id());
    if (v == null) {
      throw new IllegalStateException("the turn " + item.id() + " was not read by an embedding model: give the lab"
          + " the models (--models) for a variant that weighs vectors (" + variant.name() + ")");
    }
    return v;
  }
}
