package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;

class SentenceVectorsTest {
  /** Three tokens of two dimensions: (1, 2), (3, 4), (100, 100). */
  private static final float[] HIDDEN = {1, 2, 3, 4, 100, 100};

  @Test
  void meanPoolingAveragesOnlyTheTokensTheMaskKeeps() {
    float[] v = SentenceVectors.pool(Pooling.MEAN, FloatBuffer.wrap(HIDDEN), new long[] {1, 1, 0}, 2);

    assertThat(v).containsExactly(2f, 3f);
  }

  @Test
  void clsPoolingTakesTheFirstToken() {
    float[] v = SentenceVectors.pool(Pooling.CLS, FloatBuffer.wrap(HIDDEN), new long[] {1, 1, 1}, 2);

    assertThat(v).containsExactly(1f, 2f);
  }

  @Test
  void anOutputOfTheWrongSizeIsRefused() {
    assertThatThrownBy(() -> SentenceVectors.pool(Pooling.MEAN, FloatBuffer.wrap(HIDDEN), new long[] {1, 1}, 2))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("6 values for 2 tokens of 2 dimensions");
  }

  @Test
  void unitScalesToLengthOneAndLeavesZeroAlone() {
    assertThat(SentenceVectors.unit(new float[] {3, 4})).containsExactly(0.6f, 0.8f);
    assertThat(SentenceVectors.unit(new float[] {0, 0})).containsExactly(0f, 0f);
  }
}
