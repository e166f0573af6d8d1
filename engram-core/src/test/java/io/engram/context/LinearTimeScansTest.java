package io.engram.context;

import io.engram.testing.AdversarialText;
import org.junit.jupiter.api.Test;

/** Fencing a file's content for a request takes time linear in the content. */
class LinearTimeScansTest {
  @Test
  void fencingScansInLinearTime() {
    FileContentFence fence = FileContentFence.forRequest();
    AdversarialText.eachScansInTime(text -> fence.wrap("a.txt", text));
  }
}
