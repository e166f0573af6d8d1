package io.engram.embeddings;

import java.nio.FloatBuffer;

/** Pooling of a model's token vectors into one sentence vector, and scaling to unit length. */
final class SentenceVectors {
  private SentenceVectors() {}

  /**
   * One vector from {@code hidden}, the row-major {@code [1, tokens, dimension]} output of one sequence.
   *
   * @param mask 1 for each token to pool, 0 for padding (only {@link Pooling#MEAN} reads it)
   */
  static float[] pool(Pooling pooling, FloatBuffer hidden, long[] mask, int dimension) {
    int tokens = mask.length;
    if (hidden.remaining() != tokens * dimension) {
      throw new IllegalStateException("the model returned " + hidden.remaining() + " values for " + tokens
          + " tokens of " + dimension + " dimensions");
    }
    float[] out = new float[dimension];
    if (pooling == Pooling.CLS) {
      hidden.get(0, out);
      return out;
    }
    double[] sum = new double[dimension];
    int kept = 0;
    for (int t = 0; t < tokens; t++) {
      if (mask[t] == 0) {
        continue;
      }
      kept++;
      int base = t * dimension;
      for (int d = 0; d < dimension; d++) {
        sum[d] += hidden.get(base + d);
      }
    }
    for (int d = 0; d < dimension; d++) {
      out[d] = kept == 0 ? 0f : (float) (sum[d] / kept);
    }
    return out;
  }

  /** {@code v} scaled to length 1; an all-zero vector stays as it is. */
  static float[] unit(float[] v) {
    double squares = 0;
    for (float x : v) {
      squares += (double) x * x;
    }
    if (squares == 0) {
      return v;
    }
    double norm = Math.sqrt(squares);
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] / norm);
    }
    return out;
  }
}
