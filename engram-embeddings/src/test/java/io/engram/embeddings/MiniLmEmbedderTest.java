package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.recall.Vectors;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MiniLmEmbedderTest {
  private static MiniLmEmbedder embedder;

  @BeforeAll
  static void loadOnce() {
    embedder = new MiniLmEmbedder();
  }

  @Test
  void paraphrasesAreCloserThanUnrelatedText() {
    List<float[]> v = embedder.embedAll(List.of(
        "The integration tests need a running Redis server.",
        "You have to start Redis before running the integration tests.",
        "My sister adopted a puppy last weekend."));

    double paraphrase = Vectors.cosine(v.get(0), v.get(1));
    double unrelated = Vectors.cosine(v.get(0), v.get(2));

    assertThat(paraphrase).isGreaterThan(0.6);
    assertThat(unrelated).isLessThan(0.3);
  }

  @Test
  void vectorsHaveTheDeclaredDimensionAndAreDeterministic() {
    float[] a = embedder.embed("deploy on fridays is forbidden");
    float[] b = embedder.embedAll(List.of("deploy on fridays is forbidden")).get(0);

    assertThat(a).hasSize(embedder.dimension());
    assertThat(Vectors.cosine(a, b)).isGreaterThan(0.9999);
  }

  @Test
  void blankTextStillEmbeds() {
    assertThat(embedder.embed("")).hasSize(384);
  }
}
