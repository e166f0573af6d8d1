package io.engram.index;

import io.engram.config.RecallSettings;
import io.engram.recall.FunctionWords;
import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.KnnFloatVectorQuery;
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
    public static VectorSearch of(RecallSettings settings) {
      return new VectorSearch(settings.exactVectorLimit(), settings.hnswMaxConnections(), settings.hnswBeamWidth(),
          settings.hnswCandidates());
    }

    /** As the default settings say. */
    public static final VectorSearch DEFAULTS = of(RecallSettings.DEFAULTS);
  }

  private final VectorSearch vectorSearch;
  private final Analyzer analyzer = new RecallAnalyzer();
  private final KeywordQueries keywords = new KeywordQueries(analyzer);
  private final VectorFormats formats;
  private final Map<String, String> hashes = new HashMap<>();
  private final IndexAccess access;
  private final IndexSearches searches;

  private LuceneSearchIndex(Directory directory, VectorSearch vectorSearch) throws IOException {
    this.vectorSearch = vectorSearch;
    this.formats = new VectorFormats(vectorSearch);
    this.access = new IndexAccess(this, directory, analyzer, formats);
    this.searches = new IndexSearches(access);
    hashes.putAll(searches.contentHashes());
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
    try {
      access.writer().updateDocument(EntryDocuments.idTerm(entry.id()), EntryDocuments.of(entry));
      if (entry.vector().isPresent()) {
        formats.added();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot index " + entry.id() + ": " + e.getMessage(), e);
    }
    hashes.put(entry.id(), entry.contentHash());
    access.changed();
  }

  @Override
  public synchronized void remove(String id) {
    try {
      access.writer().deleteDocuments(EntryDocuments.idTerm(id));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + id + " from the index: " + e.getMessage(), e);
    }
    hashes.remove(id);
    access.changed();
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
    return searches.ranked(KeywordQueries.bm25(terms), limit, false);
  }

  @Override
  public Map<String, Double> keywordCoverage(String query, Collection<String> ids) {
    List<String> terms = keywords.terms(FunctionWords.strip(query));
    return searches.coverage(terms, ids);
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
    return searches.nearest(vector, limit);
  }

  /**
   * The {@code limit} nearest vectors the HNSW graph finds when it collects {@code candidates} of them
   * (at least {@code limit}): approximate, much faster than exact on large indexes. Segments written below the
   * exact-search limit have no graph and are scanned, so their share of the answer is exact.
   */
  public List<Hit> approximateVectorSearch(float[] vector, int limit, int candidates) {
    int collected = Math.max(limit, candidates);
    KnnFloatVectorQuery query = new KnnFloatVectorQuery(EntryDocuments.VECTOR, vector, collected);
    List<Hit> hits = searches.ranked(query, collected, true);
    return hits.size() <= limit ? hits : List.copyOf(hits.subList(0, limit));
  }

  /** How many documents hold a vector (deleted ones not yet merged away included). */
  public int vectorCount() {
    return access.vectorCount();
  }

  @Override
  public synchronized void commit() {
    access.commit();
  }

  /**
   * Whether the index committed in the directory is the one this instance reads: with a writer open, nobody
   * else can have committed (Lucene's write lock); with a reader alone, its commit is compared with the latest
   * in the directory (a listing and the segments file's header). An index deleted or broken since is not current.
   */
  @Override
  public synchronized boolean current() {
    return access.current();
  }

  /**
   * Commits and closes the writer, if one is open, and goes on with a reader of that commit: the write lock is
   * free for other processes, and searches cost what they cost before.
   */
  @Override
  public synchronized void release() {
    access.release();
  }

  /** How many documents are indexed. */
  public synchronized int size() {
    return hashes.size();
  }

  @Override
  public synchronized void close() {
    access.close();
  }

  /** Opens a reader on a committed index without a writer; used by tests to check what is on disk. */
  static int committedCount(Path dir) throws IOException {
    try (Directory d = FSDirectory.open(dir); DirectoryReader r = DirectoryReader.open(d)) {
      return r.numDocs();
    }
  }
}
