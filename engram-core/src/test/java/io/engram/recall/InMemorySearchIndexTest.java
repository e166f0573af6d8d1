package io.engram.recall;

import java.nio.file.Path;

/** The in-core index meets the {@link SearchIndex} contract (nothing on disk, so no persistence cases). */
class InMemorySearchIndexTest extends SearchIndexContract {

  @Override
  protected SearchIndex open(Path dir) {
    return new InMemorySearchIndex();
  }
}
