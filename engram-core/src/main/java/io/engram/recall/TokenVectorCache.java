package io.engram.recall;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * The token vectors an embedding model made for documents, kept by the text they were read from for as long as the
 * model is in use in this process, a component in a byte ({@code round(127 x)}: a cosine moves by about 0.004 at
 * most), up to {@link #KEPT_BYTES} in all, the least recently used given up first. One per model instance, not per
 * index: the resident service builds a {@link RecallIndex} for every call, and a memory's tokens are read once for
 * all of them. Thread-safe.
 */
final class TokenVectorCache {
  /** 32 MB of token vectors: some 650 memories of 128 tokens, or 2,000 turns of 40. */
  static final long KEPT_BYTES = 32L * 1024 * 1024;

  private static final Map<Embedder, TokenVectorCache> BY_MODEL = new WeakHashMap<>();

  private final LinkedHashMap<String, List<byte[]>> kept = new LinkedHashMap<>(64, 0.75f, true);
  private long keptBytes;

  private TokenVectorCache() {}

  /** The cache of {@code model}, made on first use and given up with the model. */
  static TokenVectorCache of(Embedder model) {
    synchronized (BY_MODEL) {
      return BY_MODEL.computeIfAbsent(model, m -> new TokenVectorCache());
    }
  }

  /** What was kept for {@code text}, now the most recently used. */
  synchronized Optional<List<byte[]>> get(String text) {
    return Optional.ofNullable(kept.get(text));
  }

  /** Keeps {@code tokens} for {@code text}, giving up the least recently used past the limit. */
  synchronized void put(String text, List<byte[]> tokens) {
    long size = size(tokens);
    if (size > KEPT_BYTES) {
      return;
    }
    List<byte[]> before = kept.put(text, tokens);
    keptBytes += size - (before == null ? 0 : size(before));
    var eldest = kept.entrySet().iterator();
    while (keptBytes > KEPT_BYTES && eldest.hasNext()) {
      keptBytes -= size(eldest.next().getValue());
      eldest.remove();
    }
  }

  /** How many texts are kept. */
  synchronized int size() {
    return kept.size();
  }

  private static long size(List<byte[]> tokens) {
    return tokens.stream().mapToLong(v -> v.length).sum();
  }
}
