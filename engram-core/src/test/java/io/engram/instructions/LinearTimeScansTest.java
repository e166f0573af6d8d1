package io.engram.instructions;

import static io.engram.testing.AdversarialText.shape;

import io.engram.testing.AdversarialText;
import org.junit.jupiter.api.Test;

/** Finding the imports of an instruction file takes time linear in the file. */
class LinearTimeScansTest {
  @Test
  void importsScanInLinearTime() {
    AdversarialText.eachScansInTime(ImportParser::parse,
        shape("escaped spaces after an at", n -> "@" + "\\ ".repeat(n / 2)),
        shape("many ats", n -> "@a ".repeat(n / 3)));
  }
}
