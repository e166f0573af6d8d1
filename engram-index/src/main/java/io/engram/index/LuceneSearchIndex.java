package io.engram.index;

import io.engram.config.EngramSettings;
import io.engram.recall.FunctionWords;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * The Lucene implementation of {@link SearchIndex}: BM25 over name (boost 2), description (boost 1.5)
 * and body, analysed by {@link RecallAnalyzer}; vectors ({@link KnnFloatVectorField}, cosine) stored without a
 * graph ({@link ExactVectorsFormat}) and searched exactly while there are at most {@link VectorSearch#exactLimit}
 * of them (every vector compared: the true neighbours, in milliseconds at that size), in an HNSW graph and searched
 * through it above, with the graph's parameters and the number of candidates it explores set by
 * {@link VectorSearch}. An existing index is opened with a
 * reader only; the writer is opened at the first change, so a search of an index already in step costs no
 * writer. Writes are visible to the next search (near-real-time reader); {@link #commit()} makes them
 * durable. One instance per directory per process: Lucene's write lock refuses a second writer. A process that
 * keeps the index open between uses {@link #release()}s the writer after each and asks {@link #current()} before
 * the next, so other processes' commits are seen.
 */
public final class LuceneSearchIndex implements SearchIndex {
  private static final String ID = "id";
  private static final String HASH = "hash";
  private static final String VECTOR = "vector";

  /**
   * How vectors are searched.
   *
   * @param exactLimit exact search up to this many vectors, HNSW above
   * @param maxConnections the HNSW graph's neighbours per node (Lucene's M)
   * @param beamWidth candidates considered when a node joins the graph
   * @param candidates nodes an HNSW search collects before the best {@code limit} are taken (ef_search)
   */
  public record VectorSearch(int exactLimit, int maxConnections, int beamWidth, int candidates) {
    /** Validates. */
    public VectorSearch {
      if (exactLimit < 0 || maxConnections < 2 || beamWidth < 1 || candidates < 1) {
        throw new IllegalArgumentException("vector search needs exactLimit >= 0, maxConnections >= 2, beamWidth >= 1"
            + " and candidates >= 1, got " + exactLimit + ", " + maxConnections + ", " + beamWidth + ", " + candidates);
      }
    }

    /** This search with exact search up to {@code limit} vectors ({@code 0}: every segment gets a graph). */
    public VectorSearch withExactLimit(int limit) {
      return new VectorSearch(limit, maxConnections, beamWidth, candidates);
    }

    /** The vector search the recall settings describe. */
    public static VectorSearch of(EngramSettings.Recall settings) {
      return new VectorSearch(settings.exactVectorLimit(), settings.hnswMaxConnections(), settings.hnswBeamWidth(),
          settings.hnswCandidates());
    }

    /** As the default settings say. */
    public static final VectorSearch DEFAULTS = of(EngramSettings.Recall.DEFAULTS);
  }

  private final VectorSearch vectorSearch;
  private final Directory directory;
  private final Analyzer analyzer = new RecallAnalyzer();
  private final KeywordQueries keywords = new KeywordQueries(analyzer);
  private final ExactVectorSearch exact = new ExactVectorSearch(VECTOR);
  private final VectorFormats formats;
  private final Map<String, String> hashes = new HashMap<>();
  private final DocumentIds documentIds = new DocumentIds(ID);
  // Opened on the first change: a search of an index already in step (most recall calls) needs only a
  // reader, which is much cheaper to open and close than a writer.
  private IndexWriter writer;
  private SearcherManager searchers;
  private volatile boolean dirty;

  private LuceneSearchIndex(Directory directory, VectorSearch vectorSearch) throws IOException {
    this.directory = directory;
    this.vectorSearch = vectorSearch;
    this.formats = new VectorFormats(vectorSearch);
    if (DirectoryReader.indexExists(directory)) {
      this.searchers = new SearcherManager(DirectoryReader.open(directory), null);
    } else {
      openWriter();
    }
    hashes.putAll(searching(searcher -> documentIds.readWithHashes(searcher.getIndexReader(), HASH)));
  }

  private void openWriter() throws IOException {
    IndexWriterConfig config = new IndexWriterConfig(analyzer).setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
    formats.counted(searchers == null ? 0 : vectorCount());
    config.setCodec(formats.codec());
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

  /** Opens (or creates) the index stored in {@code dir}, searching vectors as the default settings say. */
  public static LuceneSearchIndex onDisk(Path dir) {
    return onDisk(dir, VectorSearch.DEFAULTS);
  }

  /** Opens (or creates) the index stored in {@code dir}, searching vectors as {@code vectorSearch} says. */
  public static LuceneSearchIndex onDisk(Path dir, VectorSearch vectorSearch) {
    try {
      return new LuceneSearchIndex(FSDirectory.open(dir), vectorSearch);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the search index in " + dir + ": " + e.getMessage(), e);
    }
  }

  /** A new empty index held in memory only (tests, benchmarks). */
  public static LuceneSearchIndex inMemory() {
    return inMemory(VectorSearch.DEFAULTS);
  }

  /** A new empty index held in memory only, searching vectors as {@code vectorSearch} says. */
  public static LuceneSearchIndex inMemory(VectorSearch vectorSearch) {
    try {
      return new LuceneSearchIndex(new ByteBuffersDirectory(), vectorSearch);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
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
      if (entry.vector().isPresent()) {
        formats.added();
      }
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
    List<String> terms = keywords.terms(query);
    if (terms.isEmpty() || limit <= 0) {
      return List.of();
    }
    return run(KeywordQueries.bm25(terms), limit, false);
  }

  @Override
  public Map<String, Double> keywordCoverage(String query, Collection<String> ids) {
    List<String> terms = keywords.terms(FunctionWords.strip(query));
    return searching(searcher -> KeywordQueries.coverage(searcher.getIndexReader(),
        documentIds.of(searcher.getIndexReader()), terms, ids));
  }

  @Override
  public List<Hit> vectorSearch(float[] vector, int limit) {
    if (limit <= 0) {
      return List.of();
    }
    return vectorCount() <= vectorSearch.exactLimit() ? exactVectorSearch(vector, limit)
        : approximateVectorSearch(vector, limit, vectorSearch.candidates());
  }

  /** The {@code limit} nearest vectors by comparing {@code vector} with every one: the true neighbours. */
  public List<Hit> exactVectorSearch(float[] vector, int limit) {
    return searching(searcher -> {
      String[] idOf = documentIds.of(searcher.getIndexReader());
      List<Hit> hits = new ArrayList<>();
      for (ExactVectorSearch.Match m : exact.nearest(searcher.getIndexReader(), vector, limit)) {
        hits.add(new Hit(idOf[m.doc()], m.cosine()));
      }
      return hits;
    });
  }

  /**
   * The {@code limit} nearest vectors the HNSW graph finds when it collects {@code candidates} of them
   * (at least {@code limit}): approximate, much faster than exact on large indexes. Segments written below the
   * exact-search limit have no graph and are scanned, so their share of the answer is exact.
   */
  public List<Hit> approximateVectorSearch(float[] vector, int limit, int candidates) {
    List<Hit> hits = run(new KnnFloatVectorQuery(VECTOR, vector, Math.max(limit, candidates)),
        Math.max(limit, candidates), true);
    return hits.size() <= limit ? hits : List.copyOf(hits.subList(0, limit));
  }

  /** How many documents hold a vector (deleted ones not yet merged away included). */
  public int vectorCount() {
    return searching(searcher -> {
      int n = 0;
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        FloatVectorValues values = leaf.reader().getFloatVectorValues(VECTOR);
        n += values == null ? 0 : values.size();
      }
      return n;
    });
  }

  private List<Hit> run(Query query, int limit, boolean cosine) {
    return searching(searcher -> {
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

  /** A search's work on the reader of what is written so far. */
  @FunctionalInterface
  private interface Search<T> {
    T on(IndexSearcher searcher) throws IOException;
  }

  // Every search reads through the searcher current when it starts; a release swaps it for the next search.
  private <T> T searching(Search<T> search) {
    try {
      refreshIfDirty();
      SearcherManager current;
      synchronized (this) {
        current = searchers;
      }
      IndexSearcher searcher = current.acquire();
      try {
        return search.on(searcher);
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

  /**
   * Whether the index committed in the directory is the one this instance reads: with a writer open, nobody
   * else can have committed (Lucene's write lock); with a reader alone, its commit is compared with the latest
   * in the directory (a listing and the segments file's header). An index deleted or broken since is not current.
   */
  @Override
  public synchronized boolean current() {
    if (writer != null) {
      return true;
    }
    try {
      IndexSearcher searcher = searchers.acquire();
      try {
        return searcher.getIndexReader() instanceof DirectoryReader reader && reader.isCurrent();
      } finally {
        searchers.release(searcher);
      }
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Commits and closes the writer, if one is open, and goes on with a reader of that commit: the write lock is
   * free for other processes, and searches cost what they cost before.
   */
  @Override
  public synchronized void release() {
    if (writer == null) {
      return;
    }
    try {
      SearcherManager previous = searchers;
      writer.close(); // commits what is pending
      writer = null;
      searchers = new SearcherManager(DirectoryReader.open(directory), null);
      dirty = false;
      previous.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot release the search index's writer: " + e.getMessage(), e);
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
