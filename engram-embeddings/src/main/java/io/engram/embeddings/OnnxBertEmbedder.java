package io.engram.embeddings;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import io.engram.recall.Embedder;
import io.engram.recall.FunctionWords;
import io.engram.recall.Script;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
  private final OrtEnvironment environment;
  private final OrtSession session;
  // Every call into the runtime goes through it, so that an exiting process waits for the calls in flight.
  private final OnnxRuntimeUse use;
  private final boolean wantsTokenTypes;
  private final boolean readsHangul;
  // Where the vectors of fixed texts are kept between processes ({@link #embedFixed}): beside the models read from a
  // directory; none for a model read from the classpath alone.
  private final Optional<Path> fixedVectors;

  private OnnxBertEmbedder(BertModel model, WordPieceTokenizer tokenizer, OrtEnvironment environment,
      OrtSession session, OnnxRuntimeUse use, Optional<Path> fixedVectors) throws OrtException {
    this.model = model;
    this.use = use;
    this.fixedVectors = fixedVectors;
    this.tokenizer = tokenizer;
    this.environment = environment;
    this.session = session;
    this.wantsTokenTypes = session.getInputNames().contains("token_type_ids");
    this.readsHangul = tokenizer.holdsAny(
        cp -> Character.UnicodeBlock.of(cp) == Character.UnicodeBlock.HANGUL_SYLLABLES);
    checkShapes();
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
    try (OrtSession.SessionOptions options = sessionOptions()) {
      return use.call(() -> {
        OrtSession session = environment.createSession(graph, options);
        try {
          OnnxBertEmbedder embedder = new OnnxBertEmbedder(model, tokenizer, environment, session, use, vectors);
          use.closeAtEnd(session);
          return embedder;
        } catch (OrtException | RuntimeException e) {
          session.close();
          throw e;
        }
      });
    } catch (OrtException e) {
      throw new IllegalStateException("ONNX Runtime cannot load " + model.onnxResource() + ": " + e.getMessage(), e);
    }
  }

  // ONNX Runtime's threads spin while they wait for work by default: on a loaded machine the spinning takes the
  // cores from the work itself (a query's embedding measured 16 ms and 8 ms of CPU with it, 3.5 ms without).
  // One thread per run: a query of a few tokens gains nothing from a second thread but a hand-over, which on busy
  // cores waits for a slot; texts embedded together still run side by side (embedAll).
  private static OrtSession.SessionOptions sessionOptions() throws OrtException {
    OrtSession.SessionOptions options = new OrtSession.SessionOptions();
    options.setIntraOpNumThreads(1);
    options.addConfigEntry("session.intra_op.allow_spinning", "0");
    options.addConfigEntry("session.inter_op.allow_spinning", "0");
    return options;
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

  /** What one run of the model over {@code text} makes: its ids, attention mask and last hidden states. */
  private interface Reading<T> {
    T read(long[] ids, long[] mask, FloatBuffer states);
  }

  private <T> T hidden(String text, Reading<T> reading) {
    long[] ids = tokenizer.encode(text);
    long[] mask = new long[ids.length];
    Arrays.fill(mask, 1);
    long[] shape = {1, ids.length};
    try {
      return use.call(() -> run(ids, mask, shape, reading));
    } catch (OrtException e) {
      throw new IllegalStateException("embedding with " + model.name() + " failed: " + e.getMessage(), e);
    }
  }

  private <T> T run(long[] ids, long[] mask, long[] shape, Reading<T> reading) throws OrtException {
    try (OnnxTensor idTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
        OnnxTensor maskTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape);
        OnnxTensor typeTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[ids.length]), shape)) {
      Map<String, OnnxTensor> inputs = new HashMap<>();
      inputs.put("input_ids", idTensor);
      inputs.put("attention_mask", maskTensor);
      if (wantsTokenTypes) {
        inputs.put("token_type_ids", typeTensor);
      }
      try (OrtSession.Result result = session.run(inputs)) {
        return reading.read(ids, mask, ((OnnxTensor) result.get(0)).getFloatBuffer());
      }
    }
  }

  /** Refuses a graph whose inputs or output do not fit this class, at load rather than at the first text. */
  private void checkShapes() throws OrtException {
    for (String input : List.of("input_ids", "attention_mask")) {
      if (!session.getInputNames().contains(input)) {
        throw new IllegalStateException(model.onnxResource() + " has no input " + input + "; its inputs are "
            + session.getInputNames());
      }
    }
    NodeInfo output = session.getOutputInfo().values().iterator().next();
    long[] shape = output.getInfo() instanceof TensorInfo t ? t.getShape() : new long[0];
    if (shape.length != 3 || (shape[2] != model.dimension() && shape[2] != -1)) {
      throw new IllegalStateException(model.onnxResource() + "'s first output " + output.getName()
          + " is not [batch, tokens, " + model.dimension() + "] but " + Arrays.toString(shape));
    }
  }

}
