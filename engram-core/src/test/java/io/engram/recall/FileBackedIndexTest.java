package io.engram.recall;

import java.nio.file.Path;

/** The on-disk index of the recall tests meets the {@link SearchIndex} contract, so they test what Lucene does. */
class FileBackedIndexTest extends SearchIndexContract {

  @Override
  protected SearchIndex open(Path dir) {
    return FileBackedIndex.open(dir);
  }

  @Override
  protected boolean persists() {
    return true;
  }
}
