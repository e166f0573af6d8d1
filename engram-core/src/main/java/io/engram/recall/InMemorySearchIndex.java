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
 * against. Fields are weighted as the Lucene index boosts them ({@link SearchIndex#NAME_BOOST}, {@link
 * SearchIndex#DESCRIPTION_BOOST}): a term in the name counts 2 times, in the description 1.5 times, in the body
 * once, in both the term frequencies and the document lengths (as BM25F does). Thread-safe; nothing is written to disk.
 */
final class InMemorySearchIndex implements SearchIndex {
  // BM25's standard k1, as Lucene's BM25Similarity has it, so this index ranks as the on-disk one does.
  private static final double K1 = 1.2;
  // BM25's standard b (length normalisation), as Lucene's.
  private static final double B = 0.75;

  private record Doc(String hash, double length, Map<String, Double> termFreqs, float[] unitVector) {}

  private final Map<String, Doc> docs = new HashMap<>();
  private final Map<String, Map<String, Double>> postings = new HashMap<>();
  private double totalLength;

  @Override
  public synchronized void upsert(Entry entry) {
    remove(entry.id());
    Map<String, Double> freqs = new HashMap<>();
    double length = addTerms(entry.name(), NAME_BOOST, freqs)
        + addTerms(entry.description(), DESCRIPTION_BOOST, freqs)
        + addTerms(entry.body(), 1.0, freqs);
    for (Map.Entry<String, Double> f : freqs.entrySet()) {
      postings.computeIfAbsent(f.getKey(), k -> new HashMap<>()).put(entry.id(), f.getValue());
    }
    float[] unit = entry.vector().map(Vectors::unit).orElse(null);
    docs.put(entry.id(), new Doc(entry.contentHash(), length, freqs, unit));
    totalLength += length;
  }

  /** Adds each term of {@code text} with {@code weight} to {@code freqs}; returns the weighted length. */
  private static double addTerms(String text, double weight, Map<String, Double> freqs) {
    List<String> terms = TextTerms.of(text);
    for (String term : terms) {
      freqs.merge(term, weight, Double::sum);
    }
    return weight * terms.size();
  }

  @Override
  public synchronized void remove(String id) {
    Doc old = docs.remove(id);
    if (old == null) {
      return;
    }
    totalLength -= old.length();
    for (String term : old.termFreqs().keySet()) {
      Map<String, Double> posting = postings.get(term);
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
    double avgLength = Math.max(1.0, totalLength / docs.size());
    Map<String, Double> scores = new HashMap<>();
    for (String term : new java.util.LinkedHashSet<>(TextTerms.of(FunctionWords.strip(query)))) {
      Map<String, Double> posting = postings.get(term);
      if (posting == null) {
        continue;
      }
      double idf = Math.log(1 + (docs.size() - posting.size() + 0.5) / (posting.size() + 0.5));
      for (Map.Entry<String, Double> p : posting.entrySet()) {
        double tf = p.getValue();
        double norm = K1 * (1 - B + B * docs.get(p.getKey()).length() / avgLength);
        scores.merge(p.getKey(), idf * tf * (K1 + 1) / (tf + norm), Double::sum);
      }
    }
    return top(scores, limit);
  }

  @Override
  public synchronized Map<String, Double> keywordCoverage(String query, java.util.Collection<String> ids) {
    Map<String, Double> idf = new LinkedHashMap<>();
    for (String term : new java.util.LinkedHashSet<>(TextTerms.of(FunctionWords.strip(query)))) {
      // A term no document holds weighs as one a single document holds: in a small store every absent word
      // ("can", "should") would otherwise outweigh the words that do match.
      int df = Math.max(1, postings.getOrDefault(term, Map.of()).size());
      idf.put(term, Math.log(1 + (docs.size() - df + 0.5) / (df + 0.5)));
    }
    double total = idf.values().stream().mapToDouble(Double::doubleValue).sum();
    Map<String, Double> out = new LinkedHashMap<>();
    for (String id : ids) {
      Doc doc = docs.get(id);
      double matched = 0;
      if (doc != null) {
        for (Map.Entry<String, Double> t : idf.entrySet()) {
          matched += doc.termFreqs().containsKey(t.getKey()) ? t.getValue() : 0;
        }
      }
      out.put(id, total <= 0 ? 0.0 : matched / total);
    }
    return out;
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
