package io.engram.recall;

import java.util.ArrayList;
import java.util.List;

/**
 * A query's vector, embedded once however many steps of one search ask for it (the vector search, the cosines of
 * documents still waiting for their vectors), and those cosines. Not thread-safe: one per {@link RecallIndex}.
 */
final class QueryVectors {
  private final Embedder embedder;
  private String embedded = "";
  private float[] vector;

  QueryVectors(Embedder embedder) {
    this.embedder = embedder;
  }

  /** The vector of {@code query}, embedded when it is not the last one asked for. */
  float[] vector(String query) {
    if (vector == null || !embedded.equals(query)) {
      vector = embedder.embedQuery(query);
      embedded = query;
    }
    return vector;
  }

  /** The cosine with {@code query} of each of {@code docs}, embedded now, in order. */
  List<SearchIndex.Hit> cosines(String query, List<RecallDocument> docs) {
    if (docs.isEmpty()) {
      return List.of();
    }
    float[] q = vector(query);
    List<float[]> vectors = embedder.embedAll(docs.stream().map(RecallDocument::searchText).toList());
    List<SearchIndex.Hit> out = new ArrayList<>(docs.size());
    for (int i = 0; i < docs.size(); i++) {
      out.add(new SearchIndex.Hit(docs.get(i).id(), Vectors.cosine(q, vectors.get(i))));
    }
    return out;
  }
}
