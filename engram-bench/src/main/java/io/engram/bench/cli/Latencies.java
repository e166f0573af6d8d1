package io.engram.bench.cli;

import java.util.Arrays;

/** Collects per-operation durations and reports nearest-rank percentiles in milliseconds. */
final class Latencies {
  private long[] nanos = new long[64];
  private int n;

  void add(long durationNanos) {
    if (n == nanos.length) {
      nanos = Arrays.copyOf(nanos, n * 2);
    }
    nanos[n++] = durationNanos;
  }

  int count() {
    return n;
  }

  double percentileMs(double p) {
    if (n == 0) {
      return 0;
    }
    long[] sorted = Arrays.copyOf(nanos, n);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * n);
    return sorted[Math.max(0, Math.min(n - 1, rank - 1))] / 1e6;
  }

  /** The median and the 95th percentile in milliseconds. */
  record Percentiles(double p50, double p95) {}

  /** The median and 95th percentile, rounded to microseconds. */
  Percentiles summary() {
    return new Percentiles(round3(percentileMs(50)), round3(percentileMs(95)));
  }

  static double round3(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
