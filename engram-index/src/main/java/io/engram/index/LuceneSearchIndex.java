package io.engram.index;

import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;

/**
 * The Lucene implementation of {@link SearchIndex}: BM25 over name (boost 2), description (boost 1.5)
 * and body, analysed by {@link RecallAnalyzer}; vectors in an HNSW graph ({@link KnnFloatVectorField},
 * cosine). An existing index is opened with a reader only; the writer is opened at the first change, so a
 * search of an index already in step costs no writer. Writes are visible to the next search (near-real-time
 * reader); {@link #commit()} makes them durable. One instance per directory per process: Lucene's write
 * lock refuses a second writer.
 */
public final class LuceneSearchIndex implements SearchIndex {
  private static final String ID = "id";
  private static final String HASH = "hash";
  private static final String VECTOR = "vector";
  private static final Map<String, Float> FIELD_BOOSTS = Map.of("name", 2.0f, "description", 1.5f, "body", 1.0f);
  /** Lucene refuses boolean queries over 1024 clauses; three fields per term stays below it. */
  private static final int MAX_QUERY_TERMS = 300;

  private final Directory directory;
  private final Analyzer analyzer = new RecallAnalyzer();
  private final Map<String, String> hashes = new HashMap<>();
  // Opened on the first change: a search of an index already in step (most recall calls) needs only a
  // reader, which is much cheaper to open and close than a writer.
  private IndexWriter writer;
  private SearcherManager searchers;
  private volatile boolean dirty;

  private LuceneSearchIndex(Directory directory) throws IOException {
    this.directory = directory;
    if (DirectoryReader.indexExists(directory)) {
      this.searchers = new SearcherManager(DirectoryReader.open(directory), null);
    } else {
      openWriter();
    }
    loadHashes();
  }

  private void openWriter() throws IOException {
    IndexWriterConfig config = new IndexWriterConfig(analyzer).setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
    config.setRAMBufferSizeMB(64);
    IndexWriter opened = new IndexWriter(directory, config);
    SearcherManager previous = searchers;
    this.searchers = new SearcherManager(opened, null);
    this.writer = opened;
    if (previous != null) {
      previous.close();
    }
  }

  private IndexWriter writer() throws IOException {
    if (writer == null) {
      openWriter();
    }
    return writer;
  }

  /** Opens (or creates) the index stored in {@code dir}. */
  public static LuceneSearchIndex onDisk(Path dir) {
    try {
      return new LuceneSearchIndex(FSDirectory.open(dir));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the search index in " + dir + ": " + e.getMessage(), e);
    }
  }

  /** A new empty index held in memory only (tests, benchmarks). */
  public static LuceneSearchIndex inMemory() {
    try {
      return new LuceneSearchIndex(new ByteBuffersDirectory());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void loadHashes() throws IOException {
    IndexSearcher searcher = searchers.acquire();
    try {
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        LeafReader reader = leaf.reader();
        Bits live = reader.getLiveDocs();
        StoredFields stored = reader.storedFields();
        for (int d = 0; d < reader.maxDoc(); d++) {
          if (live == null || live.get(d)) {
            Document doc = stored.document(d, Set.of(ID, HASH));
            hashes.put(doc.get(ID), doc.get(HASH));
          }
        }
      }
    } finally {
      searchers.release(searcher);
    }
  }

  @Override
  public synchronized void upsert(Entry entry) {
    Document doc = new Document();
    doc.add(new StringField(ID, entry.id(), Field.Store.YES));
    doc.add(new StoredField(HASH, entry.contentHash()));
    doc.add(new TextField("name", entry.name(), Field.Store.NO));
    doc.add(new TextField("description", entry.description(), Field.Store.NO));
    doc.add(new TextField("body", entry.body(), Field.Store.NO));
    entry.vector().ifPresent(v -> doc.add(new KnnFloatVectorField(VECTOR, v, VectorSimilarityFunction.COSINE)));
    try {
      writer().updateDocument(new Term(ID, entry.id()), doc);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot index " + entry.id() + ": " + e.getMessage(), e);
    }
    hashes.put(entry.id(), entry.contentHash());
    dirty = true;
  }

  @Override
  public synchronized void remove(String id) {
    try {
      writer().deleteDocuments(new Term(ID, id));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + id + " from the index: " + e.getMessage(), e);
    }
    hashes.remove(id);
    dirty = true;
  }

  @Override
  public synchronized Map<String, String> contentHashes() {
    return Map.copyOf(hashes);
  }

  @Override
  public List<Hit> keywordSearch(String query, int limit) {
    List<String> terms = terms(query);
    if (terms.isEmpty() || limit <= 0) {
      return List.of();
    }
    BooleanQuery.Builder q = new BooleanQuery.Builder();
    for (String term : terms) {
      FIELD_BOOSTS.forEach(
          (field, boost) ->
              q.add(new BoostQuery(new TermQuery(new Term(field, term)), boost), BooleanClause.Occur.SHOULD));
    }
    return run(q.build(), limit, false);
  }

  @Override
  public List<Hit> vectorSearch(float[] vector, int limit) {
    if (limit <= 0) {
      return List.of();
    }
    return run(new KnnFloatVectorQuery(VECTOR, vector, limit), limit, true);
  }

  private List<Hit> run(Query query, int limit, boolean cosine) {
    try {
      refreshIfDirty();
      SearcherManager current;
      synchronized (this) {
        current = searchers;
      }
      IndexSearcher searcher = current.acquire();
      try {
        ScoreDoc[] docs = searcher.search(query, limit).scoreDocs;
        StoredFields stored = searcher.storedFields();
        List<Hit> hits = new ArrayList<>(docs.length);
        for (ScoreDoc sd : docs) {
          String id = stored.document(sd.doc, Set.of(ID)).get(ID);
          // Lucene maps cosine c to (1 + c) / 2 so scores stay positive; undo it.
          hits.add(new Hit(id, cosine ? 2.0 * sd.score - 1.0 : sd.score));
        }
        return hits;
      } finally {
        current.release(searcher);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("search failed: " + e.getMessage(), e);
    }
  }

  private void refreshIfDirty() throws IOException {
    if (dirty) {
      synchronized (this) {
        dirty = false;
        searchers.maybeRefreshBlocking();
      }
    }
  }

  private List<String> terms(String text) {
    Set<String> out = new LinkedHashSet<>();
    try (TokenStream stream = analyzer.tokenStream("body", text)) {
      CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
      stream.reset();
      while (stream.incrementToken() && out.size() < MAX_QUERY_TERMS) {
        out.add(term.toString());
      }
      stream.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ArrayList<>(out);
  }

  @Override
  public synchronized void commit() {
    if (writer == null) {
      return; // nothing changed since the index was opened
    }
    try {
      writer.commit();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot commit the search index: " + e.getMessage(), e);
    }
  }

  /** How many documents are indexed. */
  public synchronized int size() {
    return hashes.size();
  }

  @Override
  public synchronized void close() {
    try {
      searchers.close();
      if (writer != null) {
        writer.close();
      }
      directory.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the search index: " + e.getMessage(), e);
    }
  }

  /** Opens a reader on a committed index without a writer; used by tests to check what is on disk. */
  static int committedCount(Path dir) throws IOException {
    try (Directory d = FSDirectory.open(dir); DirectoryReader r = DirectoryReader.open(d)) {
      return r.numDocs();
    }
  }
}
