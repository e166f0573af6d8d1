package io.engram.memory;

import static io.engram.testing.AdversarialText.shape;

import io.engram.testing.AdversarialText;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Reading a topic file and MEMORY.md takes time linear in the text. */
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
        shape("one unclosed index line", n -> "- [" + "\\]".repeat(n / 2)));
  }
}
