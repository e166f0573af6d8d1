package io.engram.model;

import io.engram.testing.AdversarialText;
import org.junit.jupiter.api.Test;

/** Finding the JSON in a model's answer takes time linear in the answer. */
class LinearTimeScansTest {
  @Test
  void answersScanInLinearTime() {
    AdversarialText.eachScansInTime(text -> {
      try {
        JsonAnswer.tree(text);
      } catch (RuntimeException e) {
        // Refusing is as good as reading: the scan ended.
      }
    });
  }
}
