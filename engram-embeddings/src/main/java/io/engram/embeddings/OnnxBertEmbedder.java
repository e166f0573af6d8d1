package io.engram.embeddings;

import ai.onnxruntime.OrtEnvironment;
import io.engram.recall.Embedder;
import io.engram.recall.FunctionWords;
import io.engram.recall.Script;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sentence embeddings from a BERT-family ONNX model run in-process by ONNX Runtime, tokenized by the
 * pure-Java {@link WordPieceTokenizer}: nothing is downloaded and no native tokenizer is loaded.
 *
 * <p>A text becomes {@code [CLS]} + its word pieces (cut to the tokenizer's maximum length) + {@code [SEP]},
 * one sequence per run, so a vector never depends on what else is embedded with it; the token vectors
 * are pooled as the {@link BertModel} says and scaled to length 1. Loading takes about a second, so
 * callers share one instance per model ({@link #shared}); it is thread-safe.
 */
public final class OnnxBertEmbedder implements Embedder {
  private static final Map<BertModel, OnnxBertEmbedder> SHARED = new ConcurrentHashMap<>();

  private final BertModel model;
  private final WordPieceTokenizer tokenizer;
  private final BertGraph graph;
  private final boolean readsHangul;
  // Where the vectors of fixed texts are kept between processes ({@link #embedFixed}): beside the models read from a
  // directory; none for a model read from the classpath alone.
  private final Optional<Path> fixedVectors;

  private OnnxBertEmbedder(BertModel model, WordPieceTokenizer tokenizer, BertGraph graph,
      Optional<Path> fixedVectors) {
    this.model = model;
    this.tokenizer = tokenizer;
    this.graph = graph;
    this.fixedVectors = fixedVectors;
    this.readsHangul = tokenizer.holdsAny(
        cp -> Character.UnicodeBlock.of(cp) == Character.UnicodeBlock.HANGUL_SYLLABLES);
  }

  /** The one embedder of {@code model} in this JVM, loaded from the classpath on the first call. */
  public static OnnxBertEmbedder shared(BertModel model) {
    return shared(model, ModelResources.classpath());
  }

  /** The one embedder of {@code model} in this JVM, loaded from {@code from} on the first call. */
  public static OnnxBertEmbedder shared(BertModel model, ModelResources from) {
    Objects.requireNonNull(from, "from");
    return SHARED.computeIfAbsent(Objects.requireNonNull(model, "model"), m -> load(m, from));
  }

  /**
   * A new embedder of {@code model}, read from the classpath.
   *
   * @throws IllegalStateException when a resource is missing or ONNX Runtime cannot load the graph
   */
  public static OnnxBertEmbedder load(BertModel model) {
    return load(model, ModelResources.classpath());
  }

  /**
   * A new embedder of {@code model}, read from {@code from}.
   *
   * @throws IllegalStateException when a resource is missing (the message names the artifact to fetch) or ONNX
   *     Runtime cannot load the graph
   */
  public static OnnxBertEmbedder load(BertModel model, ModelResources from) {
    ExitSignals.install(OnnxRuntimeUse.process());
    return load(model, from, OnnxRuntimeUse.process());
  }

  /** A new embedder of {@code model}, read from {@code from}, its calls into the runtime counted by {@code use}. */
  static OnnxBertEmbedder load(BertModel model, ModelResources from, OnnxRuntimeUse use) {
    WordPieceTokenizer tokenizer;
    try (InputStream json = new java.io.ByteArrayInputStream(from.read(model, model.tokenizerResource()))) {
      tokenizer = WordPieceTokenizer.fromHuggingFaceJson(json, model.tokenizerResource());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + model.tokenizerResource() + ": " + e.getMessage(), e);
    }
    byte[] graph = from.read(model, model.onnxResource());
    OrtEnvironment environment = RuntimeLibraries.environment(from.nativeDirectory());
    Optional<Path> vectors = from.directory().map(d -> d.resolve("vectors"));
    return new OnnxBertEmbedder(model, tokenizer, BertGraph.open(model, graph, environment, use), vectors);
  }

  /** The vector of a stored text (the model's passage prefix, if any, is prepended). */
  @Override
  public float[] embed(String text) {
    return vector(model.passagePrefix() + text);
  }

  /**
   * The vectors of stored texts, in order, each exactly as {@link #embed} would give it. Texts run
   * concurrently (one session serves several threads): 1.2 to 1.9 times the throughput of one after the
   * other on two cores.
   */
  @Override
  public List<float[]> embedAll(List<String> texts) {
    return (texts.size() < 2 ? texts.stream() : texts.parallelStream()).map(this::embed).toList();
  }

  /**
   * The vectors of fixed texts, kept in {@code vectors/} beside the models directory this model was read with (when
   * it was): a later process reads them rather than running the model on them ({@link FixedTextVectors}).
   */
  @Override
  public List<float[]> embedFixed(List<String> texts, boolean query) {
    return fixedVectors.map(dir -> FixedTextVectors.of(dir, model.name(), query, texts,
        () -> Embedder.super.embedFixed(texts, query))).orElseGet(() -> Embedder.super.embedFixed(texts, query));
  }

  /** The vector of a search query (the model's query prefix, if any, is prepended). */
  @Override
  public float[] embedQuery(String query) {
    return vector(model.queryPrefix() + query);
  }

  /**
   * Every script but Korean; Korean when the vocabulary holds Hangul syllables, the unit a Korean word is written in.
   * Without them a model reads Korean as unknown words (bge-small-zh) or letter by letter, after splitting each
   * syllable into its jamo (the English models): on a Korean coding set its cosines let most prompts no memory answers
   * through and found no memory the keywords missed, so such a model does not read Korean.
   */
  @Override
  public boolean reads(Script script) {
    return script != Script.HANGUL || readsHangul;
  }

  @Override
  public int dimension() {
    return model.dimension();
  }

  @Override
  public String name() {
    return model.name();
  }

  /** The tokenizer this embedder feeds the model with. */
  public WordPieceTokenizer tokenizer() {
    return tokenizer;
  }

  private float[] vector(String text) {
    return hidden(text, (ids, mask, states) -> SentenceVectors.unit(
        SentenceVectors.pool(model.pooling(), states, mask, model.dimension())));
  }

  /**
   * The token vectors of {@code text} in context, each scaled to length 1, without the start and end tokens; for a
   * query ({@code query} true, the query prefix prepended) only those of words that carry content, a word being a
   * piece and the continuations after it.
   */
  @Override
  public List<float[]> tokenVectors(String text, boolean query) {
    return hidden((query ? model.queryPrefix() : model.passagePrefix()) + text,
        (ids, mask, states) -> tokens(ids, states, query));
  }

  /**
   * The query's vector and its content tokens' vectors from one run of the model: both read the same text (the query
   * prefix and the query), so each is exactly what {@link #embedQuery} and {@link #tokenVectors} give.
   */
  @Override
  public QueryReading readQuery(String query) {
    return hidden(model.queryPrefix() + query, (ids, mask, states) -> {
      float[] vector = SentenceVectors.unit(SentenceVectors.pool(model.pooling(), states, mask, model.dimension()));
      List<float[]> tokens = tokens(ids, states, true);
      return new QueryReading(vector, () -> tokens);
    });
  }

  private List<float[]> tokens(long[] ids, FloatBuffer states, boolean query) {
    boolean[] keep = query ? contentTokens(ids) : null;
    int dim = model.dimension();
    List<float[]> out = new ArrayList<>(ids.length);
    for (int t = 1; t < ids.length - 1; t++) {
      if (keep == null || keep[t]) {
        float[] v = new float[dim];
        states.get(t * dim, v);
        out.add(SentenceVectors.unit(v));
      }
    }
    return out;
  }

  // A word's pieces are kept or left together, judged on the whole word; the query prefix is no content.
  private boolean[] contentTokens(long[] ids) {
    boolean[] keep = new boolean[ids.length];
    int prefixPieces = tokenizer.encode(model.queryPrefix()).length - 2;
    int t = 1 + prefixPieces;
    while (t < ids.length - 1) {
      int end = t + 1;
      StringBuilder word = new StringBuilder(tokenizer.piece(ids[t]));
      while (end < ids.length - 1 && tokenizer.continues(tokenizer.piece(ids[end]))) {
        word.append(tokenizer.letters(tokenizer.piece(ids[end])));
        end++;
      }
      boolean content = FunctionWords.carriesContent(word.toString());
      Arrays.fill(keep, t, end, content);
      t = end;
    }
    return keep;
  }

  private <T> T hidden(String text, BertGraph.Reading<T> reading) {
    return graph.read(tokenizer.encode(text), reading);
  }
}
