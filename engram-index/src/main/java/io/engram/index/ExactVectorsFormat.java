package io.engram.index;

import java.io.IOException;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.KnnVectorsWriter;
import org.apache.lucene.codecs.hnsw.FlatVectorScorerUtil;
import org.apache.lucene.codecs.hnsw.FlatVectorsFormat;
import org.apache.lucene.codecs.hnsw.FlatVectorsReader;
import org.apache.lucene.codecs.lucene99.Lucene99FlatVectorsFormat;
import org.apache.lucene.index.ByteVectorValues;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;
import org.apache.lucene.search.KnnCollector;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.hnsw.RandomVectorScorer;

/**
 * A vector format without a graph: Lucene's flat vectors, searched by comparing the query with every vector.
 *
 * <p>Below {@code recall.exactVectorLimit} every vector search is exact, so an HNSW graph would only cost: each
 * merge rebuilds one, and a writer's close waits for its merges, under the index's lock. Lucene's own flat format
 * is not registered by name for reading (it only ever sits inside a graph format), so this one is, and it answers a
 * nearest-neighbour query by scanning, so a segment written below the limit stays correct in an index that has
 * grown past it. Public only because Lucene loads it by name ({@code META-INF/services}).
 */
public final class ExactVectorsFormat extends KnnVectorsFormat {
  /** The name written into each segment that uses this format. */
  static final String NAME = "EngramExactVectors";

  private final FlatVectorsFormat flat = new Lucene99FlatVectorsFormat(FlatVectorScorerUtil.getLucene99FlatVectorsScorer());

  /** The format; Lucene's service loader needs a public constructor without arguments. */
  public ExactVectorsFormat() {
    super(NAME);
  }

  @Override
  public KnnVectorsWriter fieldsWriter(SegmentWriteState state) throws IOException {
    return flat.fieldsWriter(state);
  }

  @Override
  public KnnVectorsReader fieldsReader(SegmentReadState state) throws IOException {
    return new ScanningReader(flat.fieldsReader(state));
  }

  @Override
  public int getMaxDimensions(String fieldName) {
    return DEFAULT_MAX_DIMENSIONS;
  }

  @Override
  public String toString() {
    return NAME + "(" + flat + ")";
  }

  /** Flat vectors read as Lucene reads them, with a search that scores every live vector. */
  private static final class ScanningReader extends KnnVectorsReader {
    private final FlatVectorsReader flat;

    ScanningReader(FlatVectorsReader flat) {
      this.flat = flat;
    }

    @Override
    public void checkIntegrity() throws IOException {
      flat.checkIntegrity();
    }

    @Override
    public FloatVectorValues getFloatVectorValues(String field) throws IOException {
      return flat.getFloatVectorValues(field);
    }

    @Override
    public ByteVectorValues getByteVectorValues(String field) throws IOException {
      return flat.getByteVectorValues(field);
    }

    @Override
    public void search(String field, float[] target, KnnCollector collector, Bits acceptDocs) throws IOException {
      scan(flat.getRandomVectorScorer(field, target), collector, acceptDocs);
    }

    @Override
    public void search(String field, byte[] target, KnnCollector collector, Bits acceptDocs) throws IOException {
      scan(flat.getRandomVectorScorer(field, target), collector, acceptDocs);
    }

    private static void scan(RandomVectorScorer scorer, KnnCollector collector, Bits acceptDocs) throws IOException {
      if (scorer == null) {
        return;
      }
      Bits accepted = scorer.getAcceptOrds(acceptDocs);
      for (int ord = 0; ord < scorer.maxOrd() && !collector.earlyTerminated(); ord++) {
        if (accepted == null || accepted.get(ord)) {
          collector.incVisitedCount(1);
          float score = scorer.score(ord);
          if (score >= collector.minCompetitiveSimilarity()) {
            collector.collect(scorer.ordToDoc(ord), score);
          }
        }
      }
    }

    @Override
    public long ramBytesUsed() {
      return flat.ramBytesUsed();
    }

    @Override
    public void close() throws IOException {
      flat.close();
    }
  }
}
