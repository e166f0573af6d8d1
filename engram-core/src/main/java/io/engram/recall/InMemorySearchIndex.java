package io.engram.recall;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The in-core fallback index: a real BM25 (k1 = 1.2, b = 0.75) over an in-memory inverted index, and
 * exact (brute-force) cosine search over the stored vectors.
 *
 * <p>Lets recall work without the Lucene module, and is the baseline the benchmarks compare Lucene
 * against. The name counts twice and the description once more than the body, mirroring the field
 * boosts of the Lucene index. Thread-safe; nothing is written to disk.
 */
final class InMemorySearchIndex implements SearchIndex {
  private static final double K1 = 1.2;
  private static final double B = 0.75;

  private record Doc(String hash, int length, Map<String, Integer> termFreqs, float[] unitVector) {}

  private final Map<String, Doc> docs = new HashMap<>();
  private final Map<String, Map<String, Integer>> postings = new HashMap<>();
  private long totalLength;

  @Override
  public synchronized void upsert(Entry entry) {
    remove(entry.id());
    List<String> terms = new ArrayList<>(TextTerms.of(entry.name()));
    terms.addAll(TextTerms.of(entry.name()));
    terms.addAll(TextTerms.of(entry.description()));
    terms.addAll(TextTerms.of(entry.description()));
    terms.addAll(TextTerms.of(entry.body()));
    Map<String, Integer> freqs = new HashMap<>();
    for (String term : terms) {
      freqs.merge(term, 1, Integer::sum);
    }
    for (Map.Entry<String, Integer> f : freqs.entrySet()) {
      postings.computeIfAbsent(f.getKey(), k -> new HashMap<>()).put(entry.id(), f.getValue());
    }
    float[] unit = entry.vector().map(Vectors::unit).orElse(null);
    docs.put(entry.id(), new Doc(entry.contentHash(), terms.size(), freqs, unit));
    totalLength += terms.size();
  }

  @Override
  public synchronized void remove(String id) {
    Doc old = docs.remove(id);
    if (old == null) {
      return;
    }
    totalLength -= old.length();
    for (String term : old.termFreqs().keySet()) {
      Map<String, Integer> posting = postings.get(term);
      posting.remove(id);
      if (posting.isEmpty()) {
        postings.remove(term);
      }
    }
  }

  @Override
  public synchronized Map<String, String> contentHashes() {
    Map<String, String> out = new LinkedHashMap<>();
    docs.forEach((id, doc) -> out.put(id, doc.hash()));
    return out;
  }

  @Override
  public synchronized List<Hit> keywordSearch(String query, int limit) {
    if (docs.isEmpty() || limit <= 0) {
      return List.of();
    }
    double avgLength = Math.max(1.0, (double) totalLength / docs.size());
    Map<String, Double> scores = new HashMap<>();
    for (String term : new java.util.LinkedHashSet<>(TextTerms.of(query))) {
      Map<String, Integer> posting = postings.get(term);
      if (posting == null) {
        continue;
      }
      double idf = Math.log(1 + (docs.size() - posting.size() + 0.5) / (posting.size() + 0.5));
      for (Map.Entry<String, Integer> p : posting.entrySet()) {
        double tf = p.getValue();
        double norm = K1 * (1 - B + B * docs.get(p.getKey()).length() / avgLength);
        scores.merge(p.getKey(), idf * tf * (K1 + 1) / (tf + norm), Double::sum);
      }
    }
    return top(scores, limit);
  }

  @Override
  public synchronized List<Hit> vectorSearch(float[] vector, int limit) {
    if (limit <= 0) {
      return List.of();
    }
    float[] q = Vectors.unit(vector);
    Map<String, Double> scores = new HashMap<>();
    docs.forEach(
        (id, doc) -> {
          if (doc.unitVector() != null) {
            scores.put(id, Vectors.dot(q, doc.unitVector()));
          }
        });
    return top(scores, limit);
  }

  @Override
  public void commit() {
    // nothing to make durable: this index lives in memory only
  }

  /** How many documents are indexed. */
  public synchronized int size() {
    return docs.size();
  }

  private static List<Hit> top(Map<String, Double> scores, int limit) {
    Comparator<Hit> order = Comparator.comparingDouble(Hit::score).thenComparing(Hit::id, Comparator.reverseOrder());
    PriorityQueue<Hit> heap = new PriorityQueue<>(order);
    for (Map.Entry<String, Double> s : scores.entrySet()) {
      heap.add(new Hit(s.getKey(), s.getValue()));
      if (heap.size() > limit) {
        heap.poll();
      }
    }
    List<Hit> out = new ArrayList<>(heap);
    out.sort(order.reversed());
    return out;
  }
}
