package io.engram.compaction;

import static io.engram.testing.AdversarialText.shape;

import io.engram.testing.AdversarialText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Keyword, path and command scans of compaction read long text in linear time, without overflowing. */
class LinearTimeScansTest {
  @Test
  void technicalKeywordsScanInLinearTime() {
    AdversarialText.eachScansInTime(text -> TechnicalKeywords.extract(text, 20),
        shape("one long snake name", n -> "a_".repeat(n / 2) + "b"),
        shape("shell prompts after blank lines", n -> "\n".repeat(n / 2) + "$ ls"));
  }

  @Test
  void keyInformationScansInLinearTime() {
    AdversarialText.eachScansInTime(text -> KeyInformation.extract(
        new KeySources(List.of(text), List.of(text), List.of(), text), 20),
        shape("deep path", n -> "a/".repeat(n / 2) + "x.java"));
  }
}
