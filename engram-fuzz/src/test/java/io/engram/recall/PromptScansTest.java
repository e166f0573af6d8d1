package io.engram.recall;

import static io.engram.testing.AdversarialText.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.AdversarialText;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Reading a prompt for recall takes time linear in the prompt. The query is cut to its two ends before these scans
 * ({@link RecallQuery#ends}), but one line of those ends can still be 8 K characters, where a quadratic scan cost the
 * UserPromptSubmit hook over a second (pasted lines' {@code file:line} pattern on one long word) and each scan is
 * also reached on its own. Here, beside core's other costly timing tests, so that no module waits for it.
 */
class PromptScansTest {
  @Test
  void pastedLinesAreFoundInLinearTime() {
    // A line between two others, so that focus judges it (two lines or fewer are returned as they are).
    AdversarialText.eachScansInTime(text -> PastedText.focus("why?\n" + text + "\nthanks"),
        shape("a long dotted word", n -> "a".repeat(n / 2) + "." + "b".repeat(n / 2)),
        shape("located near-misses", n -> "a.b:".repeat(n / 4)));
    assertThat(PastedText.looksPasted("see src/main/Foo.java:42 for it")).isTrue();
    assertThat(PastedText.looksPasted("see ./Foo.java:4")).isTrue();
    assertThat(PastedText.looksPasted("see src/main/Foo.java: it is wrong")).isFalse();
    assertThat(PastedText.looksPasted("see .java:42 and nothing else")).isFalse();
  }

  @Test
  void datesInAPromptAreReadInLinearTime() {
    Instant now = Instant.parse("2026-12-07T00:00:00Z");
    AdversarialText.eachScansInTime(text -> QueryDates.in(text, now),
        shape("a month and spaces", n -> "june" + " ".repeat(n) + "x"),
        shape("a month, a comma and spaces", n -> "june," + " ".repeat(n) + "x"),
        shape("months and spaces", n -> "june    ".repeat(n / 8)));
    assertThat(QueryDates.in("what did we do in june ,  2025?", now)).isPresent();
    assertThat(QueryDates.in("what did we do in june 2025?", now)).isPresent();
  }
}
