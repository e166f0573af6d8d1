package io.engram.recall;

import java.io.Closeable;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The search-index port: keyword (BM25) and vector (cosine) search over documents keyed by id.
 *
 * <p>Each document carries the content hash it was indexed from, so the caller ({@link RecallIndex})
 * re-indexes and re-embeds only documents whose hash changed. Writes become visible to searches
 * immediately; {@link #commit()} makes them durable for on-disk indexes.
 */
public interface SearchIndex extends Closeable {
  /**
   * How many times a term in an entry's name counts against once in its body, in every implementation (Lucene's
   * engram-index boosts its query by it, the in-memory index its term frequencies), so that they rank alike: a name
   * says what a memory is about in a few words.
   */
  double NAME_BOOST = 2.0;
  /** How many times a term in an entry's description counts against once in its body, as {@link #NAME_BOOST}. */
  double DESCRIPTION_BOOST = 1.5;

  /**
   * A new, empty index held in memory: BM25 over the same fields and exact cosine search, in core, for
   * tests, small stores and the fallback when an on-disk index cannot be used.
   */
  static SearchIndex inMemory() {
    return new InMemorySearchIndex();
  }

  /**
   * One document as the index stores it.
   *
   * @param id the document's stable key
   * @param contentHash {@link RecallDocument#contentHash()} at indexing time
   * @param name searched, weighted highest
   * @param description searched, weighted above the body
   * @param body searched
   * @param vector the embedding of the document, when vectors are in use
   */
  record Entry(
      String id, String contentHash, String name, String description, String body, Optional<float[]> vector) {
    /** Validates. */
    public Entry {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(contentHash, "contentHash");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(body, "body");
      Objects.requireNonNull(vector, "vector");
    }
  }

  /**
   * One search result.
   *
   * @param id the document's key
   * @param score BM25 score for keyword search, cosine similarity (-1..1) for vector search
   * @param cosine for vector search, the cosine the relevance floor judges: the score, unless the ranking calibrated
   *     it ({@link SecondReadings}: a memory in the other script than the query ranks on its script's scale, and is
   *     sent only when its own cosine clears the floor); for keyword search, the score
   */
  record Hit(String id, double score, double cosine) {
    /** A hit whose score is also what the floor judges. */
    public Hit(String id, double score) {
      this(id, score, score);
    }
  }

  /** Adds the entry, or replaces the entry with the same id. */
  void upsert(Entry entry);

  /** Removes the entry with this id; absent ids are ignored. */
  void remove(String id);

  /** Every indexed id with the content hash it was indexed from. */
  Map<String, String> contentHashes();

  /** The best {@code limit} documents for {@code query} by BM25, best first; empty for a query with no terms. */
  List<Hit> keywordSearch(String query, int limit);

  /**
   * How much of {@code query} each of {@code ids} matches, from 0 to 1: the IDF-weighted share of the
   * query's distinct terms (as this index analyses them, its {@link FunctionWords} left out) found in the document's name, description or body,
   * with {@code idf = ln(1 + (N - df + 0.5) / (df + 0.5))} over the N indexed documents, a term no document
   * holds weighing as one a single document holds (df = 1): it counts against every document, as the key word
   * of a question nothing answers should, without a handful of absent common words ("can", "should")
   * outweighing the words that match in a small store. Unlike a BM25 score it means the same in every index and for every query:
   * recall's relevance floor compares it with a fixed setting. Ids not indexed, and every id for a query
   * without terms, get 0.
   */
  Map<String, Double> keywordCoverage(String query, java.util.Collection<String> ids);

  /** The {@code limit} documents with vectors nearest to {@code vector} by cosine, best first. */
  List<Hit> vectorSearch(float[] vector, int limit);

  /** Makes every write so far durable (a no-op for in-memory indexes). */
  void commit();

  /**
   * Whether this instance still holds what is stored: false when another process committed to the same stored
   * index since this one was opened or last released (it must then be opened again). An index held in memory
   * always is.
   */
  default boolean current() {
    return true;
  }

  /**
   * Gives up what keeps other processes from changing the stored index (an open writer, after its changes are
   * committed) while keeping what searches, so that a process can keep the index open between uses without
   * holding anyone up; the instance stays usable. The default does nothing.
   */
  default void release() {}

  /** Releases files and memory; the default does nothing. */
  @Override
  default void close() {}
}
