package io.engram.index;

import io.engram.recall.SearchIndex;
import io.engram.recall.SearchIndexContract;
import java.nio.file.Path;

/** The Lucene index held in memory (as the benchmarks use it) meets the {@link SearchIndex} contract. */
class LuceneSearchIndexInMemoryTest extends SearchIndexContract {

  @Override
  protected SearchIndex open(Path dir) {
    return LuceneSearchIndex.inMemory();
  }
}
