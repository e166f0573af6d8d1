package io.engram.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.Directory;

/**
 * The writer and the near-real-time searchers of one index directory: a reader alone until the first change, a
 * writer from then until it is released, and the check that another process has not committed since.
 *
 * <p>It shares its owner's lock rather than holding one of its own, so a refresh never runs while the owner is in
 * the middle of a change. Every method but {@link #searching} and {@link #vectorCount} is called with that lock held.
 */
final class IndexAccess {
  /** A search's work on the reader of what is written so far. */
  @FunctionalInterface
  interface Search<T> {
    T on(IndexSearcher searcher) throws IOException;
  }

  private final Object lock;
  private final Directory directory;
  private final Analyzer analyzer;
  private final VectorFormats formats;
  // Opened on the first change: a search of an index already in step (most recall calls) needs only a
  // reader, which is much cheaper to open and close than a writer.
  private IndexWriter writer;
  private SearcherManager searchers;
  private volatile boolean dirty;

  /** Opens the index in {@code directory} with a reader, or creates it with a writer if there is none yet. */
  IndexAccess(Object lock, Directory directory, Analyzer analyzer, VectorFormats formats) throws IOException {
    this.lock = lock;
    this.directory = directory;
    this.analyzer = analyzer;
    this.formats = formats;
    if (DirectoryReader.indexExists(directory)) {
      this.searchers = new SearcherManager(DirectoryReader.open(directory), null);
    } else {
      openWriter();
    }
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

  /** The writer, opened now if this is the first change since the index was opened or released. */
  IndexWriter writer() throws IOException {
    if (writer == null) {
      openWriter();
    }
    return writer;
  }

  /** Notes a change, so the next search refreshes its reader first. */
  void changed() {
    dirty = true;
  }

  // Every search reads through the searcher current when it starts; a release swaps it for the next search.
  <T> T searching(Search<T> search) {
    try {
      refreshIfDirty();
      SearcherManager current;
      synchronized (lock) {
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
      synchronized (lock) {
        dirty = false;
        searchers.maybeRefreshBlocking();
      }
    }
  }

  /** How many documents hold a vector (deleted ones not yet merged away included). */
  int vectorCount() {
    return searching(searcher -> {
      int n = 0;
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        FloatVectorValues values = leaf.reader().getFloatVectorValues(EntryDocuments.VECTOR);
        n += values == null ? 0 : values.size();
      }
      return n;
    });
  }

  /** Commits the writer's changes, if a writer is open. */
  void commit() {
    if (writer == null) {
      return; // nothing changed since the index was opened
    }
    try {
      writer.commit();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot commit the search index: " + e.getMessage(), e);
    }
  }

  /** Whether the directory's latest commit is the one this reads, as {@link LuceneSearchIndex#current()} says. */
  boolean current() {
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

  /** Commits and closes the writer, if one is open, and goes on with a reader of that commit. */
  void release() {
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

  /** Closes the searchers, the writer if one is open, and the directory. */
  void close() {
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
}
