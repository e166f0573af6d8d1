package io.engram.bench.cli;

import io.engram.recall.Embedder;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A cheap stand-in embedder for latency benchmarks: each word maps to a fixed pseudo-random Gaussian
 * vector (seeded by the word), a text to the normalised sum of its words' vectors. Texts sharing
 * words get close vectors, as with a real model, at a tiny fraction of a model's cost; the vectors
 * carry no meaning beyond word overlap, so this measures index speed, not retrieval quality.
 */
final class RandomProjectionEmbedder implements Embedder {
  private final int dimension;
  private final Map<String, float[]> wordVectors = new ConcurrentHashMap<>();

  RandomProjectionEmbedder(int dimension) {
    this.dimension = dimension;
  }

  @Override
  public float[] embed(String text) {
    float[] sum = new float[dimension];
    for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (word.isEmpty()) {
        continue;
      }
      float[] w = wordVectors.computeIfAbsent(word, this::vectorOf);
      for (int i = 0; i < dimension; i++) {
        sum[i] += w[i];
      }
    }
    sum[0] += 1e-3f; // keeps an empty text off the zero vector, which cosine cannot compare
    return io.engram.recall.Vectors.unit(sum);
  }

  private float[] vectorOf(String word) {
    Random random = new Random(word.hashCode() * 0x9E3779B97F4A7C15L);
    float[] v = new float[dimension];
    for (int i = 0; i < dimension; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public String name() {
    return "random-projection-" + dimension;
  }
}
