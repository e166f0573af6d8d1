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
  void whatThePersonSaidIsReadInLinearTime() {
    AdversarialText.eachScansInTime(OwnWords::of,
        shape("blank lines before a persona", n -> " \n".repeat(n / 2) + "You are a Tester"),
        shape("one long location word", n -> "a.".repeat(n / 2) + "js:1"),
        shape("printed lines and words by turns", n -> "at f (a.js:1:2)\nword word\n".repeat(n / 26)),
        shape("an unclosed plug-in tag", n -> "<observed_from_x>\n" + "{\"k\": 1}\n".repeat(n / 9)));
  }

  @Test
  void keyInformationScansInLinearTime() {
    AdversarialText.eachScansInTime(text -> KeyInformation.extract(
        new KeySources(List.of(text), List.of(text), List.of(), text), 20),
        shape("deep path", n -> "a/".repeat(n / 2) + "x.java"));
  }
}
