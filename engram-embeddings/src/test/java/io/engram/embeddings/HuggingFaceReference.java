package io.engram.embeddings;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * HuggingFace's own tokenizer (the Rust library, through DJL) over the same {@code tokenizer.json} as
 * ours: the reference the pure-Java tokenizer must agree with. Test scope only.
 */
final class HuggingFaceReference {
  private HuggingFaceReference() {}

  static byte[] tokenizerJson() {
    try (InputStream in = resource(BertModel.ALL_MINILM_L6_V2_Q.tokenizerResource())) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The same tokenizer.json with its truncation length set to {@code maxLength}. */
  static byte[] tokenizerJsonTruncatedAt(int maxLength) {
    try {
      ObjectMapper mapper = new ObjectMapper();
      ObjectNode root = (ObjectNode) mapper.readTree(tokenizerJson());
      ((ObjectNode) root.path("truncation")).put("max_length", maxLength);
      return mapper.writeValueAsBytes(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** HuggingFace's tokenizer of {@code json}, without padding, as LangChain4j configures it. */
  static HuggingFaceTokenizer huggingFace(byte[] json) {
    try {
      return HuggingFaceTokenizer.newInstance(new ByteArrayInputStream(json), Map.of("padding", "false"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static WordPieceTokenizer ours(byte[] json) {
    try {
      return WordPieceTokenizer.fromHuggingFaceJson(new ByteArrayInputStream(json), "test tokenizer.json");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static InputStream resource(String name) {
    InputStream in = HuggingFaceReference.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new IllegalStateException(name + " is not on the test classpath");
    }
    return in;
  }
}
