package io.engram.instructions;

import io.engram.testing.AdversarialText;
import org.junit.jupiter.api.Test;

/** Finding the imports of an instruction file scans a megabyte in time. */
class LinearTimeScansTest {
  @Test
  void importsScanInLinearTime() {
    AdversarialText.eachScansInTime(ImportParser::parse,
        "escaped spaces after an at", "@" + "\\ ".repeat(AdversarialText.SIZE / 2),
        "many ats", "@a ".repeat(AdversarialText.SIZE / 3));
  }
}
