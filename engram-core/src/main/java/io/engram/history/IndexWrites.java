package io.engram.history;

import io.engram.recall.SearchIndex;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A sync's writes to the index, with what the index holds (id to content hash) kept in step. */
final class IndexWrites {
  private final SearchIndex index;
  private final HistoryIndexCheck check;
  private Map<String, String> indexed; // copied when first needed: a sync with no transcript grown never needs it

  IndexWrites(SearchIndex index, HistoryIndexCheck check) {
    this.index = index;
    this.check = check;
  }

  void remove(String id) {
    index.remove(id);
    indexed().remove(id);
  }

  /** Upserts the entries whose content hash differs from the index's. */
  void upsertChanged(List<SearchIndex.Entry> entries) {
    for (SearchIndex.Entry e : entries) {
      if (!e.contentHash().equals(indexed().get(e.id()))) {
        index.upsert(e);
        indexed.put(e.id(), e.contentHash());
      }
    }
  }

  /** After a write that failed part way: the index and the catalogue may disagree. */
  void distrust() throws IOException {
    check.distrust();
  }

  private Map<String, String> indexed() {
    if (indexed == null) {
      indexed = new HashMap<>(index.contentHashes());
    }
    return indexed;
  }
}
