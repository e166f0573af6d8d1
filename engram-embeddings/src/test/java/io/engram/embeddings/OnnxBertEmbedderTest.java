package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.engram.recall.Embedder;
import io.engram.recall.Script;
import io.engram.recall.Vectors;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class OnnxBertEmbedderTest {
  private static OnnxBertEmbedder embedder;

  @BeforeAll
  static void load() {
    embedder = OnnxBertEmbedder.shared(BertModel.ALL_MINILM_L6_V2_Q);
  }

  /** LangChain4j's path (DJL's Rust tokenizer, then the same ONNX graph) is the reference; it refuses blank text. */
  @Test
  void vectorsEqualLangChain4jsForEveryNonBlankCorpusText() {
    AllMiniLmL6V2QuantizedEmbeddingModel reference = new AllMiniLmL6V2QuantizedEmbeddingModel();
    for (String text : TokenizerCorpus.texts()) {
      if (embedder.tokenizer().encode(text).length <= 2) {
        continue;
      }
      float[] expected = reference.embed(text).content().vector();
      assertThat(Vectors.cosine(embedder.embed(text), expected)).as("cosine for %s", text).isGreaterThan(0.9999);
    }
  }

  @Test
  void theEnglishModelReadsLatinAndChineseButNotKoreanWhichItSeesOnlyLetterByLetter() {
    assertThat(embedder.reads(Script.LATIN)).isTrue();
    assertThat(embedder.reads(Script.CJK)).isTrue();
    assertThat(embedder.reads(Script.HANGUL)).isFalse();
  }

  @Test
  void vectorsHaveUnitLengthAndTheModelsDimension() {
    float[] v = embedder.embed("the build cache lives in ~/.m2");

    assertThat(v).hasSize(384);
    assertThat(Math.sqrt(Vectors.dot(v, v))).isCloseTo(1.0, offset(1e-5));
  }

  @Test
  void embedAllGivesWhatEmbedGivesWhateverTheCompany() {
    String text = "rotate the signing key every 90 days";
    List<float[]> batch = embedder.embedAll(List.of("something else entirely", text, "x".repeat(3000)));

    assertThat(batch.get(1)).containsExactly(embedder.embed(text));
  }

  @Test
  void textWithoutWordPiecesEmbedsAsTheBareStartAndEndTokens() {
    float[] blank = embedder.embed("  \n\t");

    assertThat(blank).containsExactly(embedder.embed("\u0000"));
    assertThat(Math.sqrt(Vectors.dot(blank, blank))).isCloseTo(1.0, offset(1e-5));
  }

  @Test
  void textBeyondTheMaximumLengthIsCut() {
    String head = "the integration tests need a running redis server. ".repeat(20);

    assertThat(embedder.embed(head + "completely different trailing words about cooking pasta"))
        .containsExactly(embedder.embed(head));
  }

  @Test
  void tokenVectorsAreOnePerWordPieceOfUnitLengthWithoutStartAndEnd() {
    String text = "the integration tests need redis";
    List<float[]> tokens = embedder.tokenVectors(text, false);

    assertThat(tokens).hasSize(embedder.tokenizer().encode(text).length - 2);
    assertThat(tokens).allSatisfy(v -> assertThat(Math.sqrt(Vectors.dot(v, v))).isCloseTo(1.0, offset(1e-5)));
  }

  @Test
  void queryTokenVectorsKeepOnlyTheWordsThatCarryContent() {
    // "when", "did", "the" and "?" say how it is asked; "deploy" and "fail" what about.
    List<float[]> asked = embedder.tokenVectors("when did the deploy fail?", true);
    List<float[]> all = embedder.tokenVectors("when did the deploy fail?", false);

    assertThat(asked).hasSize(2);
    assertThat(asked.get(0)).containsExactly(all.get(3));
    assertThat(asked.get(1)).containsExactly(all.get(4));
  }

  @Test
  void aWordSplitIntoPiecesIsKeptWhole() {
    // "kubernetes" is several pieces; each is read in context and all are kept.
    int pieces = embedder.tokenizer().encode("kubernetes").length - 2;

    assertThat(pieces).isGreaterThan(1);
    assertThat(embedder.tokenVectors("is kubernetes", true)).hasSize(pieces);
  }

  @Test
  void aQueryReadInOneRunIsExactlyItsVectorAndItsContentTokens() {
    for (String query : List.of("when did the deploy fail?", "run the MySqlIntegrationTests against docker",
        "怎么在本地跑集成测试？", "what did you do?", "")) {
      Embedder.QueryReading read = embedder.readQuery(query);
      List<float[]> tokens = read.tokens().get();
      List<float[]> oneByOne = embedder.tokenVectors(query, true);

      assertThat(read.vector()).containsExactly(embedder.embedQuery(query));
      assertThat(tokens).hasSameSizeAs(oneByOne);
      for (int i = 0; i < tokens.size(); i++) {
        assertThat(tokens.get(i)).containsExactly(oneByOne.get(i));
      }
    }
  }

  @Test
  void aQueryOfFunctionWordsAloneHasNoTokenVectors() {
    assertThat(embedder.tokenVectors("what did you do?", true)).isEmpty();
  }

  @Test
  void queriesAndPassagesGetTheModelsPrefixes() {
    assertThat(embedder.embedQuery("deploy")).containsExactly(embedder.embed("deploy"));
  }

  @Test
  void aMissingResourceIsNamedInTheError() {
    BertModel missing = new BertModel("nothing", "no-such-model.onnx", BertModel.ALL_MINILM_L6_V2_Q.tokenizerResource(),
        384, Pooling.MEAN, "", "", "example:no-such-artifact:1", java.util.Optional.empty());

    assertThatThrownBy(() -> OnnxBertEmbedder.load(missing))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no-such-model.onnx is not on the classpath");
  }

  @Test
  void aDimensionTheGraphDoesNotHaveIsRefusedAtLoad() {
    BertModel wrong = new BertModel("wrong", BertModel.ALL_MINILM_L6_V2_Q.onnxResource(),
        BertModel.ALL_MINILM_L6_V2_Q.tokenizerResource(), 768, Pooling.MEAN, "", "", "example:wrong:1", java.util.Optional.empty());

    assertThatThrownBy(() -> OnnxBertEmbedder.load(wrong))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("768");
  }
}
