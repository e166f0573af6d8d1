package io.engram.dates;

import java.time.LocalDate;
import java.util.Objects;

/**
 * A relative date pinned to the calendar.
 *
 * @param date the day, or the first day of the week (its Monday), the month or the year
 */
public record PinnedDate(DatePrecision precision, LocalDate date) {
  public PinnedDate {
    Objects.requireNonNull(precision, "precision");
    Objects.requireNonNull(date, "date");
  }
}
