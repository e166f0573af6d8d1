package io.engram.context;

import io.engram.testing.AdversarialText;
import org.junit.jupiter.api.Test;

/** Fencing a file's content for a request scans a megabyte in time. */
class LinearTimeScansTest {
  @Test
  void fencingScansInLinearTime() {
    FileContentFence fence = FileContentFence.forRequest();
    AdversarialText.eachScansInTime(text -> fence.wrap("a.txt", text));
  }
}
