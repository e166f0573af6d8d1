package io.engram.recall;

import java.util.List;

/**
 * A document's token vectors as the token match keeps them: each unit vector's components as bytes ({@code round(127
 * x)}: a cosine moves by about 0.004 at most), only the span between its first and last non-zero component. A pair of
 * models gives every token zeros in the other model's half: those are neither kept nor multiplied, and a query token
 * whose span a row does not meet is known to score 0 against it without a product. Immutable.
 */
final class TokenRows {
  static final TokenRows NONE = new TokenRows(new byte[0][], new int[0]);

  private final byte[][] rows;
  // Where each row's first kept component sits in the whole vector.
  private final int[] from;

  private TokenRows(byte[][] rows, int[] from) {
    this.rows = rows;
    this.from = from;
  }

  /** The rows of {@code vectors} (unit vectors, in order). */
  static TokenRows of(List<float[]> vectors) {
    byte[][] rows = new byte[vectors.size()][];
    int[] from = new int[vectors.size()];
    for (int r = 0; r < rows.length; r++) {
      byte[] whole = bytes(vectors.get(r));
      int lo = 0;
      int hi = whole.length;
      while (lo < hi && whole[lo] == 0) {
        lo++;
      }
      while (hi > lo && whole[hi - 1] == 0) {
        hi--;
      }
      rows[r] = java.util.Arrays.copyOfRange(whole, lo, hi);
      from[r] = lo;
    }
    return new TokenRows(rows, from);
  }

  /** A unit vector's components as bytes, {@code round(127 x)}. */
  static byte[] bytes(float[] v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (byte) Math.round(Math.max(-1, Math.min(1, v[i])) * 127);
    }
    return out;
  }

  boolean isEmpty() {
    return rows.length == 0;
  }

  /** The bytes kept. */
  long size() {
    long n = 0;
    for (byte[] row : rows) {
      n += row.length;
    }
    return n;
  }

  /**
   * The mean over {@code asked} of each query token's best cosine among these rows. Equal, to the last bit, to
   * summing {@code q[i] * row[i]} (a float product added to a double) over every component of the whole vectors in
   * order: the components left out are products with a zero, which leave a sum as it was. Four query tokens of the
   * same span are met with a row in one pass, each summed on its own in the same order: the sums no longer wait on
   * one another, which is what made the plain loop slow.
   */
  double match(List<float[]> asked) {
    int n = asked.size();
    int[] qFrom = new int[n];
    int[] qTo = new int[n];
    Integer[] order = new Integer[n];
    for (int k = 0; k < n; k++) {
      float[] q = asked.get(k);
      int lo = 0;
      int hi = q.length;
      while (lo < hi && q[lo] == 0) {
        lo++;
      }
      while (hi > lo && q[hi - 1] == 0) {
        hi--;
      }
      qFrom[k] = lo;
      qTo[k] = hi;
      order[k] = k;
    }
    // Query tokens of one span side by side (a model's tokens all share one).
    java.util.Arrays.sort(order, (a, b) -> qFrom[a] != qFrom[b] ? Integer.compare(qFrom[a], qFrom[b])
        : Integer.compare(qTo[a], qTo[b]));
    double[] best = new double[n];
    for (int s = 0; s < n; ) {
      int e = s;
      while (e < n && e - s < 4 && qFrom[order[e]] == qFrom[order[s]] && qTo[order[e]] == qTo[order[s]]) {
        e++;
      }
      bestOfFour(asked, order, s, e, qFrom[order[s]], qTo[order[s]], best);
      s = e;
    }
    double sum = 0;
    for (int k = 0; k < n; k++) {
      sum += best[k];
    }
    return sum / n;
  }

  // The best cosines of the query tokens order[s..e) (at most four, all spanning [lo, hi)), into best.
  private void bestOfFour(List<float[]> asked, Integer[] order, int s, int e, int lo, int hi, double[] best) {
    float[] q0 = asked.get(order[s]);
    float[] q1 = asked.get(order[Math.min(s + 1, e - 1)]);
    float[] q2 = asked.get(order[Math.min(s + 2, e - 1)]);
    float[] q3 = asked.get(order[Math.min(s + 3, e - 1)]);
    double b0 = Double.NEGATIVE_INFINITY;
    double b1 = b0;
    double b2 = b0;
    double b3 = b0;
    for (int r = 0; r < rows.length; r++) {
      byte[] d = rows[r];
      int at = from[r];
      int start = Math.max(lo, at);
      int end = Math.min(hi, at + d.length);
      double s0 = 0;
      double s1 = 0;
      double s2 = 0;
      double s3 = 0;
      for (int i = start; i < end; i++) {
        float x = d[i - at];
        s0 += q0[i] * x;
        s1 += q1[i] * x;
        s2 += q2[i] * x;
        s3 += q3[i] * x;
      }
      b0 = Math.max(b0, s0 / 127);
      b1 = Math.max(b1, s1 / 127);
      b2 = Math.max(b2, s2 / 127);
      b3 = Math.max(b3, s3 / 127);
    }
    double[] got = {b0, b1, b2, b3};
    for (int k = s; k < e; k++) {
      best[order[k]] = got[k - s];
    }
  }
}
