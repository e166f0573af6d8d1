package io.engram.index;

import io.engram.recall.SearchIndex.Hit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;

/** The searches of an index's current reader, each answering with the ids of the memories it found. */
final class IndexSearches {
  private final IndexAccess access;
  private final DocumentIds documentIds = new DocumentIds(EntryDocuments.ID);
  private final ExactVectorSearch exact = new ExactVectorSearch(EntryDocuments.VECTOR);

  IndexSearches(IndexAccess access) {
    this.access = access;
  }

  /** The content hash of every live document by its id; the ids are kept, so the first search need not read them. */
  Map<String, String> contentHashes() {
    return access.searching(searcher -> documentIds.readWithHashes(searcher.getIndexReader(), EntryDocuments.HASH));
  }

  /** The best {@code limit} documents for {@code query}; with {@code cosine}, scored by a vector query's cosine. */
  List<Hit> ranked(Query query, int limit, boolean cosine) {
    return access.searching(searcher -> {
      ScoreDoc[] docs = searcher.search(query, limit).scoreDocs;
      String[] idOf = documentIds.of(searcher.getIndexReader());
      List<Hit> hits = new ArrayList<>(docs.length);
      for (ScoreDoc sd : docs) {
        // Lucene maps cosine c to (1 + c) / 2 so scores stay positive; undo it.
        hits.add(new Hit(idOf[sd.doc], cosine ? 2.0 * sd.score - 1.0 : sd.score));
      }
      return hits;
    });
  }

  /** The {@code limit} nearest vectors by comparing {@code vector} with every one. */
  List<Hit> nearest(float[] vector, int limit) {
    return access.searching(searcher -> {
      String[] idOf = documentIds.of(searcher.getIndexReader());
      List<Hit> hits = new ArrayList<>();
      for (ExactVectorSearch.Match m : exact.nearest(searcher.getIndexReader(), vector, limit)) {
        hits.add(new Hit(idOf[m.doc()], m.cosine()));
      }
      return hits;
    });
  }

  /** The idf-weighted share of {@code terms} each of {@code ids} holds. */
  Map<String, Double> coverage(List<String> terms, Collection<String> ids) {
    return access.searching(searcher -> KeywordQueries.coverage(searcher.getIndexReader(),
        documentIds.of(searcher.getIndexReader()), terms, ids));
  }
}
