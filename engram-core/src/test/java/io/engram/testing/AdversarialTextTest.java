package io.engram.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdversarialTextTest {

  @Test
  void aLinearScanThatAllocatesPerCharacterPasses() {
    // The shape of a sentence split over "!!!…": a short string kept per character of the text, enough of them
    // that the longest text takes measurable time and its garbage outgrows the caches the quarter's fits in.
    assertThatCode(() -> AdversarialText.eachScansInTime(text -> {
      List<String> pieces = new ArrayList<>();
      for (int i = 0; i < text.length(); i++) {
        pieces.add(text.substring(i, Math.min(text.length(), i + 32)));
      }
    })).doesNotThrowAnyException();
  }

  @Test
  void aQuadraticScanFails() {
    // Quadratic in a sixteenth of the text: tens of milliseconds at the longest length, well within the budget, so
    // only the growth at each doubling tells it from a linear scan.
    assertThatThrownBy(() -> AdversarialText.eachScansInTime(text -> {
      int n = text.length() / 16;
      long sum = 0;
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          sum = sum * 31 + text.charAt(j); // each step waits for the last: no vectorising it away
        }
      }
      if (sum == 42) {
        System.out.println(sum); // keeps the loop from being removed
      }
    })).isInstanceOf(AssertionError.class).hasMessageContaining("scanning");
  }
}
