package io.engram.history;

import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** A sync's or a check's writes to the index, with what the index holds (id to content hash) kept in step. */
final class IndexWrites {
  private final SearchIndex index;
  private final HistoryIndexCheck check;
  private final Supplier<Map<String, String>> source;
  private Map<String, String> indexed; // copied when first needed: a sync with no transcript grown never needs it

  IndexWrites(SearchIndex index, HistoryIndexCheck check) {
    this(index, check, index::contentHashes);
  }

  /** The writes to {@code index}, whose ids and content hashes the caller has just read as {@code indexed}. */
  IndexWrites(SearchIndex index, HistoryIndexCheck check, Map<String, String> indexed) {
    this(index, check, () -> indexed);
  }

  private IndexWrites(SearchIndex index, HistoryIndexCheck check, Supplier<Map<String, String>> source) {
    this.index = index;
    this.check = check;
    this.source = source;
  }

  void remove(String id) {
    index.remove(id);
    indexed().remove(id);
  }

  /** Upserts the entries whose content hash differs from the index's; returns how many. */
  int upsertChanged(List<SearchIndex.Entry> entries) {
    int upserted = 0;
    for (SearchIndex.Entry e : entries) {
      if (!e.contentHash().equals(indexed().get(e.id()))) {
        index.upsert(e);
        indexed.put(e.id(), e.contentHash());
        upserted++;
      }
    }
    return upserted;
  }

  /** After a write that failed part way: the index and the catalogue may disagree. */
  void distrust() throws IOException {
    check.distrust();
  }

  private Map<String, String> indexed() {
    if (indexed == null) {
      indexed = new HashMap<>(source.get());
    }
    return indexed;
  }
}
