package io.engram.recall;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How closely a document's own words meet a query's, word by word in the embedding model's reading: for each content
 * token of the query the best cosine among the document's tokens, averaged ({@link Embedder#tokenVectors}). A
 * sentence vector blurs a one-line turn into its neighbours and a question's form into its subject; matched token by
 * token, "book" meets "novel" and "read" meets "finished" in the document's own text, wherever they sit.
 *
 * <p>A document's token vectors cost one run of the model, so they are kept, by the text they were read from, a
 * component in a byte ({@code round(127 x)}: a cosine moves by about 0.004 at most), up to {@link #KEPT_BYTES} in
 * all, the least recently used given up first: a resident process reads a memory once. Not thread-safe: one per
 * {@link RecallIndex}, whose searches are serialised.
 */
final class TokenMatch {
  /** 32 MB of token vectors: some 650 memories of 128 tokens, or 2,000 turns of 40. */
  static final long KEPT_BYTES = 32L * 1024 * 1024;

  private final Embedder embedder;
  private final LinkedHashMap<String, List<byte[]>> kept = new LinkedHashMap<>(64, 0.75f, true);
  private long keptBytes;
  private String lastQuery = "";
  private List<float[]> queryTokens = List.of();

  TokenMatch(Embedder embedder) {
    this.embedder = embedder;
  }

  /**
   * Each of {@code docs}' match with {@code query}, from -1 to 1, by id; empty when the model gives no token vectors
   * or the query has no content word.
   */
  Map<String, Double> scores(String query, List<RecallDocument> docs) {
    List<float[]> asked = queryTokens(query);
    if (asked.isEmpty() || docs.isEmpty()) {
      return Map.of();
    }
    Map<String, Double> out = new HashMap<>();
    List<String> texts = docs.stream().map(RecallDocument::ownText).toList();
    Map<String, List<byte[]>> read = read(texts);
    for (int i = 0; i < docs.size(); i++) {
      List<byte[]> own = read.get(texts.get(i));
      if (!own.isEmpty()) {
        out.put(docs.get(i).id(), match(asked, own));
      }
    }
    return out;
  }

  /** The mean over {@code asked} of each token's best cosine among {@code own} (unit vectors, {@link #bytes}). */
  static double match(List<float[]> asked, List<byte[]> own) {
    double sum = 0;
    for (float[] q : asked) {
      double best = Double.NEGATIVE_INFINITY;
      for (byte[] d : own) {
        double dot = 0;
        for (int i = 0; i < q.length; i++) {
          dot += q[i] * d[i];
        }
        best = Math.max(best, dot / 127);
      }
      sum += best;
    }
    return sum / asked.size();
  }

  /** A unit vector's components as bytes, {@code round(127 x)}. */
  static byte[] bytes(float[] v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (byte) Math.round(Math.max(-1, Math.min(1, v[i])) * 127);
    }
    return out;
  }

  private List<float[]> queryTokens(String query) {
    if (!query.equals(lastQuery)) {
      queryTokens = query.isBlank() ? List.of() : embedder.tokenVectors(query, true);
      lastQuery = query;
    }
    return queryTokens;
  }

  // The token vectors of each distinct text, those not kept read now, side by side.
  private Map<String, List<byte[]>> read(List<String> texts) {
    Map<String, List<byte[]>> out = new HashMap<>();
    Set<String> absent = new LinkedHashSet<>();
    for (String text : texts) {
      List<byte[]> got = kept.get(text);
      if (got != null) {
        out.put(text, got);
      } else {
        absent.add(text);
      }
    }
    List<String> missing = List.copyOf(absent);
    List<List<byte[]>> made = (missing.size() < 2 ? missing.stream() : missing.parallelStream())
        .map(t -> embedder.tokenVectors(t, false).stream().map(TokenMatch::bytes).toList()).toList();
    for (int i = 0; i < missing.size(); i++) {
      out.put(missing.get(i), made.get(i));
      keep(missing.get(i), made.get(i));
    }
    return out;
  }

  private void keep(String text, List<byte[]> tokens) {
    long size = tokens.stream().mapToLong(v -> v.length).sum();
    if (size > KEPT_BYTES) {
      return;
    }
    kept.put(text, tokens);
    keptBytes += size;
    var eldest = kept.entrySet().iterator();
    while (keptBytes > KEPT_BYTES && eldest.hasNext()) {
      keptBytes -= eldest.next().getValue().stream().mapToLong(v -> v.length).sum();
      eldest.remove();
    }
  }
}
