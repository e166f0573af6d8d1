package io.engram.recall;

import java.util.ArrayList;
import java.util.List;

/**
 * The embedding port: turns text into a fixed-length vector whose cosine similarity tracks meaning.
 *
 * <p>Implementations must be deterministic for a given text and return vectors of exactly
 * {@link #dimension()} components. They may be slow (a neural model); callers embed a document once
 * per content change and cache nothing else.
 */
public interface Embedder {

  /** The vector of {@code text} as a stored document (a memory, a turn). */
  float[] embed(String text);

  /**
   * The vector of {@code query} as a search query. Models trained with different prefixes for queries and
   * passages (e5, BGE) override this; the default embeds the query as a document.
   */
  default float[] embedQuery(String query) {
    return embed(query);
  }

  /** The vectors of {@code texts}, in order; implementations override this to batch. */
  default List<float[]> embedAll(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (String text : texts) {
      out.add(embed(text));
    }
    return out;
  }

  /**
   * The vectors of fixed texts that ship with Engram (the reference prompts recall calibrates its floors on), in order,
   * as queries when {@code query} is true ({@link #embedQuery}) and as stored texts otherwise ({@link #embed}): the same
   * texts and the same vectors in every process, so a model may keep them between processes rather than run on them
   * again in each. The default embeds them now.
   */
  default List<float[]> embedFixed(List<String> texts, boolean query) {
    return query ? texts.stream().map(this::embedQuery).toList() : embedAll(texts);
  }

  /**
   * The vectors of {@code text}'s tokens as the model reads them in context, each of length 1, in order: what recall's
   * last stage matches a query against a document with, word by word ({@code recall.rescoring.tokens}). For a search
   * query ({@code query} true) only the tokens of words that carry content are kept ({@link
   * FunctionWords#carriesContent}); punctuation and the model's own markers never are. The default, for models that
   * cannot say, is none, and the stage then leaves the feature out.
   */
  default List<float[]> tokenVectors(String text, boolean query) {
    return List.of();
  }

  /**
   * A search query as the model reads it: its vector ({@link #embedQuery}) and, asked for later, its content tokens'
   * vectors ({@link #tokenVectors} with {@code query} true), each exactly what those give. A model that makes both in
   * one run overrides this, so that a recall asking for both (the vector search, then the token match) runs it once
   * per query; the default embeds the query now and reads its tokens when they are asked for.
   */
  default QueryReading readQuery(String query) {
    return new QueryReading(embedQuery(query), () -> tokenVectors(query, true));
  }

  /**
   * A query's vector and how to get its content tokens' vectors ({@link #readQuery}).
   *
   * @param vector the query's vector, as {@link #embedQuery} gives it
   * @param tokens its content tokens' vectors, as {@link #tokenVectors} gives them for a query
   */
  record QueryReading(float[] vector, java.util.function.Supplier<List<float[]>> tokens) {
    /** Checks both are there. */
    public QueryReading {
      java.util.Objects.requireNonNull(vector, "vector");
      java.util.Objects.requireNonNull(tokens, "tokens");
    }
  }

  /**
   * Whether a model of this embedder reads text in {@code script} well enough for its cosines to mean anything. Recall
   * searches and judges a query in a script no model reads by its words alone: a model that sees such a text as
   * unknown words, or letter by letter, puts every two texts of it close together, and its cosines let memories
   * through that share nothing with the prompt. The default, for a model of unknown vocabulary, is that it reads
   * every script.
   */
  default boolean reads(Script script) {
    return true;
  }

  /**
   * Which model reads {@code query} and on what scale: the floors set for that model ({@code recall.vectorFloors},
   * {@code recall.anchorMargins}) hold for the query's cosines times {@code scale}. A single model reads every query
   * itself at scale 1; a pair routes a query to one of its two ({@code PairedEmbedder} in engram-embeddings).
   */
  default Reading reading(String query) {
    return new Reading(name(), 1.0);
  }

  /**
   * The models of this embedder other than the one {@link #reading} names that can also read {@code query}, each as an
   * embedder whose query vectors live in this embedder's space (its {@link #reading} says on what scale): a pair's CJK
   * model for a Latin query, since it reads English too and only it reads all of a memory written in Chinese. Recall
   * searches with each, and a memory written in another script than the query scores the mean of all the readings,
   * each measured from its model's own nearest reference prompt ({@link SecondReadings}). The default, one model, has
   * none.
   */
  default List<Embedder> otherReaders(String query) {
    return List.of();
  }

  /**
   * The model that reads a query and how a cosine with the query compares with that model's own.
   *
   * @param model the name of the reading model, as settings key its floors
   * @param scale what that model's cosine is multiplied by in this embedder's vectors (positive)
   */
  record Reading(String model, double scale) {
    /** Checks the scale is positive. */
    public Reading {
      java.util.Objects.requireNonNull(model, "model");
      if (!(scale > 0)) {
        throw new IllegalArgumentException("scale must be positive: " + scale);
      }
    }
  }

  /**
   * The models this embedder is made of, each its own embedder in its own space: a single model is itself; a pair is
   * its two, Latin first. What compares two stored texts at a threshold set per model (the dream's merge by meaning)
   * uses one of them, since a pair's cosine, the mean of two models', is on neither model's scale.
   */
  default List<Embedder> models() {
    return List.of(this);
  }

  /** How many components every vector has. */
  int dimension();

  /** A short name for reports, e.g. {@code all-MiniLM-L6-v2-q}. */
  default String name() {
    return getClass().getSimpleName();
  }
}
