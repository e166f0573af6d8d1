package io.engram.index;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.WeakHashMap;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.VectorUtil;

/**
 * Cosine search that compares the query with every stored vector of a field: the true nearest neighbours.
 *
 * <p>A cosine needs each stored vector's length; a segment never changes once written, so the lengths of a
 * segment's vectors are computed on its first search and kept (weakly, by the segment's core key, so they go
 * when the segment is merged away). A long-lived index (the MCP server, the resident service) then pays one
 * dot product per vector and query instead of two.
 */
final class ExactVectorSearch {
  /** One match: the Lucene document number across the reader and its cosine. */
  record Match(int doc, double cosine) {}

  private final String field;
  private final Map<Object, float[]> norms = Collections.synchronizedMap(new WeakHashMap<>());

  ExactVectorSearch(String field) {
    this.field = field;
  }

  /** The {@code limit} stored vectors of live documents nearest to {@code vector} by cosine, best first. */
  List<Match> nearest(IndexReader reader, float[] vector, int limit) throws IOException {
    PriorityQueue<Match> best = new PriorityQueue<>(Comparator.comparingDouble(Match::cosine));
    float[] query = unit(vector);
    for (LeafReaderContext leaf : reader.leaves()) {
      float[] lengths = lengths(leaf);
      FloatVectorValues values = leaf.reader().getFloatVectorValues(field);
      if (values == null) {
        continue;
      }
      Bits live = leaf.reader().getLiveDocs();
      int ord = 0;
      for (int d = values.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = values.nextDoc(), ord++) {
        if (live != null && !live.get(d)) {
          continue;
        }
        float length = lengths[ord];
        double cosine = length == 0 ? 0 : VectorUtil.dotProduct(query, values.vectorValue()) / length;
        if (best.size() < limit) {
          best.add(new Match(leaf.docBase + d, cosine));
        } else if (cosine > best.peek().cosine()) {
          best.poll();
          best.add(new Match(leaf.docBase + d, cosine));
        }
      }
    }
    List<Match> top = new ArrayList<>(best);
    top.sort(Comparator.comparingDouble(Match::cosine).reversed());
    return top;
  }

  /** The lengths of a segment's vectors in the order its values iterate them; kept per segment core. */
  private float[] lengths(LeafReaderContext leaf) throws IOException {
    var helper = leaf.reader().getCoreCacheHelper();
    Object key = helper == null ? null : helper.getKey();
    float[] kept = key == null ? null : norms.get(key);
    if (kept != null) {
      return kept;
    }
    FloatVectorValues values = leaf.reader().getFloatVectorValues(field);
    float[] out = new float[values == null ? 0 : values.size()];
    if (values != null) {
      int ord = 0;
      for (int d = values.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = values.nextDoc()) {
        float[] v = values.vectorValue();
        out[ord++] = (float) Math.sqrt(VectorUtil.dotProduct(v, v));
      }
    }
    if (key != null) {
      norms.put(key, out);
    }
    return out;
  }

  private static float[] unit(float[] v) {
    float norm = (float) Math.sqrt(VectorUtil.dotProduct(v, v));
    if (norm == 0) {
      return v.clone();
    }
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] / norm;
    }
    return out;
  }
}
