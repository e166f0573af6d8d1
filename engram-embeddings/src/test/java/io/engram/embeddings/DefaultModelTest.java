package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.RecallSettings;
import io.engram.recall.Vectors;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The model recall uses by default (recall.embeddingModel auto, before any model is installed) ships in this module,
 * and behaves as a sentence embedder.
 */
class DefaultModelTest {
  private static OnnxBertEmbedder embedder;

  @BeforeAll
  static void loadOnce() {
    embedder = OnnxBertEmbedder.shared(BertModel.ALL_MINILM_L6_V2_Q);
  }

  @Test
  void theDefaultModelIsOnTheClasspathWithNothingToFetch() {
    assertThat(RecallSettings.DEFAULTS.embeddingModel()).isEqualTo("auto");
    assertThat(ModelResources.classpath().has(BertModel.ALL_MINILM_L6_V2_Q)).isTrue();
  }

  @Test
  void aQueryIsCloserToThePassageThatAnswersItThanToAnUnrelatedOne() {
    float[] query = embedder.embedQuery("how do I start the integration tests?");
    List<float[]> passages = embedder.embedAll(List.of(
        "You have to start Redis before running the integration tests.",
        "My sister adopted a puppy last weekend."));

    assertThat(Vectors.cosine(query, passages.get(0))).isGreaterThan(Vectors.cosine(query, passages.get(1)) + 0.05);
  }

  @Test
  void vectorsHaveTheDeclaredDimensionAndAreDeterministic() {
    float[] a = embedder.embed("deploy on fridays is forbidden");
    float[] b = embedder.embedAll(List.of("deploy on fridays is forbidden")).get(0);

    assertThat(a).hasSize(embedder.dimension()).hasSize(384);
    assertThat(Vectors.cosine(a, b)).isGreaterThan(0.9999);
  }
}
