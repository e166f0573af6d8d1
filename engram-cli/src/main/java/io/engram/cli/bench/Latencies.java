package io.engram.cli.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

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

  /** {@code {"p50": .., "p95": ..}} rounded to microseconds. */
  Map<String, Double> summary() {
    Map<String, Double> out = new LinkedHashMap<>();
    out.put("p50", round3(percentileMs(50)));
    out.put("p95", round3(percentileMs(95)));
    return out;
  }

  static double round3(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
