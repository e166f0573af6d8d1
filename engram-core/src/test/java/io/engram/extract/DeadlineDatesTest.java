package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DeadlineDatesTest {
  /** A Wednesday. */
  private static final LocalDate SAID = LocalDate.parse("2026-02-11");

  private static Optional<LocalDate> pin(String phrase) {
    return DeadlineDates.pin(phrase, SAID);
  }

  @Test
  void weekdaysCountFromTheDayTheyWereSaidInIsoWeeksAsInChinese() {
    // said on a Wednesday: "next Friday" is the Friday of next week, as 下周五 is; the coming one is "this Friday"
    assertThat(pin("next Friday")).contains(LocalDate.parse("2026-02-20")).isEqualTo(pin("下周五"));
    assertThat(pin("this Friday")).contains(LocalDate.parse("2026-02-13")).isEqualTo(pin("本周五"));
    assertThat(pin("next Wednesday")).contains(LocalDate.parse("2026-02-18"));
    assertThat(pin("this Monday")).contains(LocalDate.parse("2026-02-09"));
    assertThat(pin("by Friday")).contains(LocalDate.parse("2026-02-13"));
    assertThat(pin("on Wednesday")).contains(SAID);
  }

  @Test
  void monthAndDayTakeTheYearItWasSaidIn() {
    assertThat(pin("March 3rd")).contains(LocalDate.parse("2026-03-03"));
    assertThat(pin("4 Dec")).contains(LocalDate.parse("2026-12-04"));
    assertThat(pin("Jan 5")).contains(LocalDate.parse("2026-01-05"));
    assertThat(DeadlineDates.pin("Jan 5", LocalDate.parse("2026-11-20"))).contains(LocalDate.parse("2027-01-05"));
    assertThat(pin("2026-06-15")).contains(LocalDate.parse("2026-06-15"));
    assertThat(pin("Feb 30")).isEmpty();
  }

  @Test
  void chineseDates() {
    assertThat(pin("3月15日")).contains(LocalDate.parse("2026-03-15"));
    assertThat(pin("下周五")).contains(LocalDate.parse("2026-02-20"));
    assertThat(pin("本周五")).contains(LocalDate.parse("2026-02-13"));
    assertThat(pin("周一")).contains(LocalDate.parse("2026-02-16"));
    assertThat(pin("月底")).contains(LocalDate.parse("2026-02-28"));
  }

  @Test
  void weeksAndSprintsAreNotPinnedToADay() {
    assertThat(pin("next week")).isEmpty();
    assertThat(pin("this sprint")).isEmpty();
  }

  @Test
  void aDeadlineSaidInAnOldSessionIsPinnedToThatSessionsDayAndTheQuoteStaysVerbatim() {
    TurnText said = new TurnText(TurnRole.USER, "The release freeze starts next Friday.",
        Instant.parse("2026-02-11T10:00:00Z"), "s1", false);

    MemoryCandidate c = new RuleBasedExtractor().extract(List.of(said), List.of()).get(0);

    assertThat(c.name()).isEqualTo("deadline-2026-02-20");
    assertThat(c.description()).contains("2026-02-20 (next Friday)");
    assertThat(c.body()).contains("The user said on 2026-02-11: \"The release freeze starts next Friday.\"",
        "Date: next Friday (2026-02-20), counted from 2026-02-11, the day it was said.");
  }

  @Test
  void withoutTheDayItWasSaidTheDateIsLeftAsSaid() {
    MemoryCandidate c = Fixtures.user("The release freeze starts next Friday.").get(0);
    assertThat(c.body()).contains("the day it was said is not known").doesNotContain("2026");
  }
}
