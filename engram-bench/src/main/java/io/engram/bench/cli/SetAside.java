package io.engram.bench.cli;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Which part of a benchmark set an item falls in, by a hash of its id: three in ten are set aside and never tuned
 * on, the rest are tuning data. The hash fixes the split before any result is seen, and the same id falls in the
 * same part in every run and on every machine.
 */
enum SetAside {
  /** Every item. */
  ALL,
  /** The seven in ten items that tuning may look at. */
  TUNING,
  /** The three in ten items kept for the figures reported as results. */
  HELD_OUT;

  /** Whether the item {@code id} belongs to this part. */
  boolean holds(String id) {
    return this == ALL || (this == HELD_OUT) == setAside(id);
  }

  /** Whether {@code id} is in the set-aside part: the first four bytes of its SHA-256, modulo 10, below 3. */
  static boolean setAside(String id) {
    try {
      byte[] h = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
      long first = ((h[0] & 0xffL) << 24) | ((h[1] & 0xff) << 16) | ((h[2] & 0xff) << 8) | (h[3] & 0xff);
      return first % 10 < 3;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
