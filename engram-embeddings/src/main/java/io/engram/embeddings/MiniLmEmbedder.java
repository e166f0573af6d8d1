package io.engram.embeddings;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.engram.recall.Embedder;
import java.util.List;

/**
 * Sentence embeddings from all-MiniLM-L6-v2 (quantized), run in-process by ONNX Runtime from the model
 * file shipped inside the LangChain4j Maven artifact: nothing is downloaded, no server is needed.
 *
 * <p>384 dimensions; input beyond the model's 256 word pieces is split and averaged by LangChain4j.
 * Loading takes a few seconds, so one instance should be shared; it is thread-safe.
 */
public final class MiniLmEmbedder implements Embedder {
  private static final int DIMENSION = 384;

  private final EmbeddingModel model;

  /** Loads the model from the classpath. */
  public MiniLmEmbedder() {
    this.model = new AllMiniLmL6V2QuantizedEmbeddingModel();
  }

  @Override
  public float[] embed(String text) {
    return model.embed(nonEmpty(text)).content().vector();
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    if (texts.isEmpty()) {
      return List.of();
    }
    List<TextSegment> segments = texts.stream().map(t -> TextSegment.from(nonEmpty(t))).toList();
    return model.embedAll(segments).content().stream().map(Embedding::vector).toList();
  }

  /** The model rejects blank text; blank text embeds as the word "empty", a neutral stand-in. */
  private static String nonEmpty(String text) {
    return text.isBlank() ? "empty" : text;
  }

  @Override
  public int dimension() {
    return DIMENSION;
  }

  @Override
  public String name() {
    return "all-MiniLM-L6-v2-q";
  }
}
