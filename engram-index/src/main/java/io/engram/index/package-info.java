/**
 * The Lucene implementation of recall's {@link io.engram.recall.SearchIndex} port, on Lucene 9.12.
 *
 * <p>{@link io.engram.index.LuceneSearchIndex} keeps one document per memory: its id, its content hash (so
 * recall re-indexes only what changed), BM25 fields for the name (boost 2), the description (boost 1.5)
 * and the body, and, when recall has an embedder, its vector ({@code KnnFloatVectorField}, cosine). Writes are
 * visible to the next search through a near-real-time reader; {@code commit()} makes them durable. Vectors are
 * searched exactly while there are at most {@code recall.exactVectorLimit} of them ({@code ExactVectorSearch}:
 * every vector compared, each segment's vector lengths computed on its first search and kept), through an HNSW
 * graph above that.
 *
 * <p>Below the limit no search walks a graph, so none is built: {@code VectorFormats} writes each new segment in
 * {@link io.engram.index.ExactVectorsFormat} (Lucene's flat vectors, registered by name so a reopened index finds
 * it, and scanned if a graph query reaches them) while the index holds at most the limit, and in Lucene's HNSW
 * format once it holds more. Building graphs is what made writes slow: every merge rebuilds one, and closing a
 * writer waits for its merges, under the index's lock, while a recall waits for that lock. It lives on disk ({@code onDisk(dir)}: recall keeps one per project
 * and mode under {@code <home>/projects/<key>/index/}) or in memory ({@code inMemory()}). One instance per
 * directory per process: Lucene's write lock refuses a second writer, and recall then falls back to an
 * in-memory index for the call.
 *
 * <p>{@code RecallAnalyzer} analyses every field and every query the same way: Unicode word breaking, CJK
 * width folding and overlapping CJK bigrams (Chinese and Japanese have no spaces between words),
 * possessives dropped, lower case, English stop words, Porter stemming. Memories mix English prose with
 * Chinese, identifiers and paths; this keeps each searchable without guessing a language. {@code KeywordQueries}
 * turns a query's words into those terms (at most 300, below Lucene's limit of 1024 clauses over three fields), the
 * BM25 query over the three fields, and the idf-weighted share of them each candidate holds (recall's keyword
 * coverage). {@code DocumentIds} keeps each segment's ids by document number, read once with the content hashes when
 * the index opens.
 *
 * <p>{@code LuceneSearchIndex} keeps the content hashes, the lock and the choice between exact and graph search.
 * {@code EntryDocuments} is the document an entry becomes. {@code IndexAccess} holds the writer and the
 * near-real-time searchers under that same lock: a reader alone until the first change, the writer closed by
 * {@code release()} so another process may write, {@code current()} comparing the reader's commit with the
 * directory's latest. {@code IndexSearches} runs the BM25, graph, exact and coverage searches on the current reader
 * and maps documents to memory ids.
 *
 * <p>The tests run recall's {@code SearchIndexContract} on both the on-disk and the in-memory index.
 *
 * <p>Where to start: {@link io.engram.index.LuceneSearchIndex#onDisk}.
 */
package io.engram.index;
