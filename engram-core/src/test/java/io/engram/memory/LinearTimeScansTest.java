package io.engram.memory;

import io.engram.testing.AdversarialText;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Reading a topic file and MEMORY.md scans a megabyte in time. */
class LinearTimeScansTest {
  @Test
  void topicFilesParseInLinearTime() {
    AdversarialText.eachScansInTime(text -> {
      try {
        MemoryFormat.parse("---\nname: n\ndescription: " + text.replace('\n', ' ') + "\ntype: project\n---\n" + text,
            Path.of("x.md"));
      } catch (InvalidMemoryException e) {
        // Refusing is as good as reading: the scan ended.
      }
    });
  }

  @Test
  void indexLinesParseInLinearTime() {
    AdversarialText.eachScansInTime(MemoryIndex::entries,
        "one unclosed index line", "- [" + "\\]".repeat(AdversarialText.SIZE / 2));
  }
}
