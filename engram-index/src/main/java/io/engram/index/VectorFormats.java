package io.engram.index;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;

/**
 * Which vector format each new segment is written in: {@link ExactVectorsFormat} while the index holds at most the
 * exact-search limit of vectors, an HNSW graph above it.
 *
 * <p>Lucene asks the codec for a field's format when it begins a segment, in memory or by a merge, so the choice
 * follows the index as it grows: a segment begun once the index holds the limit gets a graph. The count is the
 * index's at the writer's opening plus every vector written since (a replaced vector counts twice until the next
 * opening; a little early for a graph is harmless).
 */
final class VectorFormats {
  private final KnnVectorsFormat exact = new ExactVectorsFormat();
  private final KnnVectorsFormat graph;
  private final int exactLimit;
  private final AtomicLong vectors = new AtomicLong();

  VectorFormats(LuceneSearchIndex.VectorSearch search) {
    this.graph = new Lucene99HnswVectorsFormat(search.maxConnections(), search.beamWidth());
    this.exactLimit = search.exactLimit();
  }

  /** Starts the count over at what a newly opened writer finds in the index. */
  void counted(long stored) {
    vectors.set(stored);
  }

  /** One more vector written. */
  void added() {
    vectors.incrementAndGet();
  }

  /**
   * The format the next segment is written in. Lucene asks as the segment's first vector is added, so a segment
   * begun with the limit already reached holds the vector that takes the index past it: it gets a graph.
   */
  KnnVectorsFormat current() {
    return vectors.get() >= exactLimit ? graph : exact;
  }

  /** Lucene's codec with {@link #current()} for every vector field. */
  Codec codec() {
    return new Lucene912Codec() {
      @Override
      public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
        return current();
      }
    };
  }
}
