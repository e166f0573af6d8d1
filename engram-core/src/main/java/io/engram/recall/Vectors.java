package io.engram.recall;

/** Small vector arithmetic shared by the in-core index and the benchmarks. */
public final class Vectors {
  private Vectors() {}

  /** The dot product of two vectors of equal length. */
  public static double dot(float[] a, float[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("vector lengths differ: " + a.length + " and " + b.length);
    }
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += a[i] * b[i];
    }
    return sum;
  }

  /** Cosine similarity; 0 when either vector is all zeros. */
  public static double cosine(float[] a, float[] b) {
    double na = Math.sqrt(dot(a, a));
    double nb = Math.sqrt(dot(b, b));
    return na == 0 || nb == 0 ? 0 : dot(a, b) / (na * nb);
  }

  /** A copy scaled to length 1 (an all-zero vector is returned as a copy unchanged). */
  public static float[] unit(float[] v) {
    double norm = Math.sqrt(dot(v, v));
    float[] out = v.clone();
    if (norm > 0) {
      for (int i = 0; i < out.length; i++) {
        out[i] = (float) (out[i] / norm);
      }
    }
    return out;
  }
}
