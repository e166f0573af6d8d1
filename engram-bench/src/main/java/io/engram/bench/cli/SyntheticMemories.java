package io.engram.bench.cli;

import io.engram.recall.RecallDocument;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Deterministic synthetic memories for latency benchmarks: words drawn from a Zipf-distributed
 * vocabulary of pronounceable pseudo-words (as natural text is), a 3-word name, a 10-word description
 * and a 40 to 160 word body; queries are 2 to 6 words sampled from a random memory.
 */
final class SyntheticMemories {
  private static final String[] SYLLABLES = {
    "ka", "lo", "mi", "ne", "ru", "ta", "vo", "shi", "pra", "den", "gol", "tek", "mar", "bis", "zen", "qua"
  };

  private final Random random;
  private final String[] vocabulary;
  private final double[] cumulative;

  SyntheticMemories(long seed, int vocabularySize) {
    this.random = new Random(seed);
    this.vocabulary = new String[vocabularySize];
    for (int i = 0; i < vocabularySize; i++) {
      StringBuilder w = new StringBuilder();
      int n = i;
      do {
        w.append(SYLLABLES[n % SYLLABLES.length]);
        n /= SYLLABLES.length;
      } while (n > 0);
      vocabulary[i] = w.toString();
    }
    this.cumulative = new double[vocabularySize];
    double sum = 0;
    for (int i = 0; i < vocabularySize; i++) {
      sum += 1.0 / (i + 1);
      cumulative[i] = sum;
    }
    for (int i = 0; i < vocabularySize; i++) {
      cumulative[i] /= sum;
    }
  }

  private String word() {
    int i = java.util.Arrays.binarySearch(cumulative, random.nextDouble());
    return vocabulary[Math.min(vocabulary.length - 1, i < 0 ? -i - 1 : i)];
  }

  private String words(int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(i == 0 ? "" : " ").append(word());
    }
    return s.toString();
  }

  List<RecallDocument> memories(int n) {
    Instant base = Instant.parse("2026-01-01T00:00:00Z");
    List<RecallDocument> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(RecallDocument.of("m" + i + ".md", words(3), words(10), words(40 + random.nextInt(121)),
          base.plusSeconds(60L * i)));
    }
    return out;
  }

  List<String> queries(List<RecallDocument> docs, int n) {
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String[] body = docs.get(random.nextInt(docs.size())).body().split(" ");
      int len = 2 + random.nextInt(5);
      StringBuilder q = new StringBuilder();
      for (int j = 0; j < len; j++) {
        q.append(j == 0 ? "" : " ").append(body[random.nextInt(body.length)]);
      }
      out.add(q.toString());
    }
    return out;
  }
}
