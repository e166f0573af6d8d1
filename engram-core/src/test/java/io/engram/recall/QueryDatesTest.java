package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class QueryDatesTest {
  private static final Instant NOW = Instant.parse("2026-05-12T10:00:00Z");

  @Test
  void aMonthAndYearIsThatMonth() {
    assertThat(QueryDates.in("What did Caroline do in June 2023?", NOW)).hasValueSatisfying(s -> {
      assertThat(s.from()).isEqualTo(LocalDate.of(2023, 6, 1));
      assertThat(s.until()).isEqualTo(LocalDate.of(2023, 7, 1));
      assertThat(s.contains(Instant.parse("2023-06-30T23:00:00Z"))).isTrue();
      assertThat(s.contains(Instant.parse("2023-07-01T00:00:00Z"))).isFalse();
    });
  }

  @Test
  void relativePeriodsCountBackFromNow() {
    assertThat(QueryDates.in("the bug we fixed yesterday", NOW)).hasValueSatisfying(s ->
        assertThat(s.contains(Instant.parse("2026-05-11T15:00:00Z"))).isTrue());
    assertThat(QueryDates.in("what broke last week", NOW)).hasValueSatisfying(s -> {
      assertThat(s.contains(Instant.parse("2026-05-06T12:00:00Z"))).isTrue();
      assertThat(s.contains(Instant.parse("2026-05-12T09:00:00Z"))).isFalse();
    });
  }

  @Test
  void mayTheVerbAndSpringTheFrameworkAreNotDates() {
    assertThat(QueryDates.in("may I add lombok to the build?", NOW)).isEmpty();
    assertThat(QueryDates.in("how do we configure spring security", NOW)).isEmpty();
    assertThat(QueryDates.in("where are the tests", NOW)).isEmpty();
  }
}
