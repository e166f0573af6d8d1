package io.engram.index;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.util.Bits;

/**
 * The id of every document of an index's reader, by document number: every search maps its hits to ids, and
 * reading a stored field costs a decompression per document, so each segment's ids are read once (a segment's
 * numbering never changes) and kept for the segments of the latest reader. Thread-safe.
 */
final class DocumentIds {
  private final String field;
  private final Map<Object, String[]> bySegment = new ConcurrentHashMap<>();
  private volatile ReaderIds latest;

  private record ReaderIds(IndexReader reader, String[] byDoc) {}

  /** Ids read from the stored field {@code field}. */
  DocumentIds(String field) {
    this.field = field;
  }

  /**
   * Reads every segment's ids and keeps them, and returns the stored field {@code hashField} of each live document by
   * its id: an index's opening reads both in one pass over the stored fields.
   */
  Map<String, String> readWithHashes(IndexReader reader, String hashField) throws IOException {
    Map<String, String> hashes = new HashMap<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      LeafReader segment = leaf.reader();
      Bits live = segment.getLiveDocs();
      StoredFields stored = segment.storedFields();
      String[] ids = new String[segment.maxDoc()];
      for (int d = 0; d < ids.length; d++) {
        Document doc = stored.document(d, Set.of(field, hashField));
        ids[d] = doc.get(field);
        if (live == null || live.get(d)) {
          hashes.put(ids[d], doc.get(hashField));
        }
      }
      bySegment.put(key(segment), ids);
    }
    return hashes;
  }

  /** The ids of {@code reader}'s documents by document number, deleted ones included. */
  String[] of(IndexReader reader) throws IOException {
    ReaderIds known = latest;
    if (known != null && known.reader() == reader) {
      return known.byDoc();
    }
    String[] all = new String[reader.maxDoc()];
    Set<Object> present = new HashSet<>();
    for (LeafReaderContext leaf : reader.leaves()) {
      Object key = key(leaf.reader());
      present.add(key);
      String[] ids = bySegment.get(key);
      if (ids == null || ids.length != leaf.reader().maxDoc()) {
        ids = read(leaf.reader());
        bySegment.put(key, ids);
      }
      System.arraycopy(ids, 0, all, leaf.docBase, ids.length);
    }
    bySegment.keySet().retainAll(present);
    latest = new ReaderIds(reader, all);
    return all;
  }

  private String[] read(LeafReader segment) throws IOException {
    String[] ids = new String[segment.maxDoc()];
    StoredFields stored = segment.storedFields();
    for (int d = 0; d < ids.length; d++) {
      ids[d] = stored.document(d, Set.of(field)).get(field);
    }
    return ids;
  }

  private static Object key(LeafReader segment) {
    var helper = segment.getCoreCacheHelper();
    return helper == null ? segment : helper.getKey();
  }
}
