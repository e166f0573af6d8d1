package io.engram.compaction;

import io.engram.testing.AdversarialText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Keyword, path and command scans of compaction read a megabyte in time, without overflowing. */
class LinearTimeScansTest {
  @Test
  void technicalKeywordsScanInLinearTime() {
    AdversarialText.eachScansInTime(text -> TechnicalKeywords.extract(text, 20),
        "one long snake name", "a_".repeat(AdversarialText.SIZE / 2) + "b",
        "shell prompts after blank lines", "\n".repeat(AdversarialText.SIZE / 2) + "$ ls");
  }

  @Test
  void keyInformationScansInLinearTime() {
    AdversarialText.eachScansInTime(text -> KeyInformation.extract(
        new KeySources(List.of(text), List.of(text), List.of(), text), 20),
        "deep path", "a/".repeat(AdversarialText.SIZE / 2) + "x.java");
  }
}
