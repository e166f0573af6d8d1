package io.engram.redact;

import java.util.HashMap;
import java.util.Map;

/** Shannon entropy, in bits per character, of a string's character distribution. */
final class Entropy {
  private Entropy() {}

  static double of(CharSequence s) {
    int n = s.length();
    if (n == 0) {
      return 0;
    }
    int[] ascii = new int[128];
    Map<Character, Integer> other = null;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 128) {
        ascii[c]++;
      } else {
        if (other == null) {
          other = new HashMap<>();
        }
        other.merge(c, 1, Integer::sum);
      }
    }
    double bits = 0;
    for (int count : ascii) {
      bits += term(count, n);
    }
    if (other != null) {
      for (int count : other.values()) {
        bits += term(count, n);
      }
    }
    return bits;
  }

  private static double term(int count, int n) {
    if (count == 0) {
      return 0;
    }
    double p = (double) count / n;
    return -p * Math.log(p) / Math.log(2);
  }
}
