package io.engram.recall;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * The token vectors an embedding model made for documents, kept by the text they were read from for as long as the
 * model is in use in this process, as {@link TokenRows} (a component in a byte, a model's zeros left out), up to
 * {@link #KEPT_BYTES} in all, the least recently used given up first. One per model instance, not per index: the resident service builds a {@link RecallIndex} for every call, and a memory's tokens are read once for
 * all of them. Thread-safe.
 */
final class TokenVectorCache {
  /** 32 MB of token vectors: some 650 memories of 128 tokens, or 2,000 turns of 40. */
  static final long KEPT_BYTES = 32L * 1024 * 1024;

  private static final Map<Embedder, TokenVectorCache> BY_MODEL = new WeakHashMap<>();

  private final LinkedHashMap<String, TokenRows> kept = new LinkedHashMap<>(64, 0.75f, true);
  private long keptBytes;

  private TokenVectorCache() {}

  /** The cache of {@code model}, made on first use and given up with the model. */
  static TokenVectorCache of(Embedder model) {
    synchronized (BY_MODEL) {
      return BY_MODEL.computeIfAbsent(model, m -> new TokenVectorCache());
    }
  }

  /** What was kept for {@code text}, now the most recently used. */
  synchronized Optional<TokenRows> get(String text) {
    return Optional.ofNullable(kept.get(text));
  }

  /** Keeps {@code tokens} for {@code text}, giving up the least recently used past the limit. */
  synchronized void put(String text, TokenRows tokens) {
    long size = size(tokens);
    if (size > KEPT_BYTES) {
      return;
    }
    TokenRows before = kept.put(text, tokens);
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

  private static long size(TokenRows tokens) {
    return tokens.size();
  }
}
