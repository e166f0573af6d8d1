package io.engram.recall;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The queries of one search as the model reads them ({@link Embedder#readQuery}), each read once however many steps
 * ask for it (the vector search, the cosines of documents still waiting for their vectors, the token match; a prompt
 * and the agent's activity are two queries), and those cosines. Not thread-safe: one per {@link RecallIndex}.
 */
final class QueryVectors {
  /** Queries kept: a search asks for the text and the activity, and the text again. */
  private static final int KEPT = 4;

  private final Embedder embedder;
  private final Map<String, Read> read = new LinkedHashMap<>(8, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Read> eldest) {
      return size() > KEPT;
    }
  };

  /** A query's reading, once made, and its tokens once asked for. */
  private static final class Read {
    final Supplier<Embedder.QueryReading> source;
    Embedder.QueryReading reading;
    List<float[]> tokens;

    Read(Supplier<Embedder.QueryReading> source) {
      this.source = source;
    }

    Embedder.QueryReading reading() {
      if (reading == null) {
        reading = source.get();
      }
      return reading;
    }
  }

  QueryVectors(Embedder embedder) {
    this.embedder = embedder;
  }

  /** Takes {@code query}'s reading from {@code ahead}, begun before the search (see {@link QueryAhead}). */
  void ahead(QueryAhead ahead) {
    read.putIfAbsent(ahead.query(), new Read(ahead::reading));
  }

  /** The vector of {@code query}, embedded the first time it is asked for. */
  float[] vector(String query) {
    return reading(query).reading().vector();
  }

  /** The vectors of {@code query}'s content tokens ({@link Embedder#tokenVectors}), read once per query. */
  List<float[]> tokens(String query) {
    Read r = reading(query);
    if (r.tokens == null) {
      r.tokens = r.reading().tokens().get();
    }
    return r.tokens;
  }

  private Read reading(String query) {
    Read r = read.get(query);
    if (r == null) {
      r = new Read(() -> embedder.readQuery(query));
      read.put(query, r);
    }
    return r;
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
