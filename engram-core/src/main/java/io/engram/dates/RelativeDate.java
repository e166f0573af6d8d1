package io.engram.dates;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

/**
 * What a relative date phrase means, whatever language it was said in, and the one date arithmetic that pins it to
 * the calendar from the day it was said ({@link #on}), on {@code java.time}.
 *
 * <p>Weeks are ISO weeks, Monday first, in every language: "last Friday", 上周五, 先週の金曜日, "el viernes pasado",
 * "letzten Freitag" and "vendredi dernier" are the Friday of the week before the one the day said falls in; "this"
 * and "next" the same weekday of that week and of the week after. So "last Friday" said on a Sunday is nine days
 * back, as 上周五 is (the Friday two days back is "this Friday", 这周五), and no reading depends on the language.
 */
public sealed interface RelativeDate {

  /** The date this phrase names when said on {@code said}. */
  PinnedDate on(LocalDate said);

  /** A day {@code days} from the day said (yesterday: -1). */
  record DayShift(int days) implements RelativeDate {
    @Override
    public PinnedDate on(LocalDate said) {
      return new PinnedDate(DatePrecision.DAY, said.plusDays(days));
    }
  }

  /** The weekday {@code day} of the ISO week {@code weeks} away from the day said's week. */
  record WeekdayOfWeek(int weeks, DayOfWeek day) implements RelativeDate {
    @Override
    public PinnedDate on(LocalDate said) {
      return new PinnedDate(DatePrecision.DAY, monday(said).plusWeeks(weeks).plusDays(day.getValue() - 1L));
    }
  }

  /** The ISO week {@code weeks} away from the day said's week. */
  record WeekShift(int weeks) implements RelativeDate {
    @Override
    public PinnedDate on(LocalDate said) {
      return new PinnedDate(DatePrecision.WEEK, monday(said).plusWeeks(weeks));
    }
  }

  /** The month {@code months} away from the day said's month. */
  record MonthShift(int months) implements RelativeDate {
    @Override
    public PinnedDate on(LocalDate said) {
      return new PinnedDate(DatePrecision.MONTH, said.withDayOfMonth(1).plusMonths(months));
    }
  }

  /** The year {@code years} away from the day said's year. */
  record YearShift(int years) implements RelativeDate {
    @Override
    public PinnedDate on(LocalDate said) {
      return new PinnedDate(DatePrecision.YEAR, said.withDayOfYear(1).plusYears(years));
    }
  }

  /**
   * A count of days, weeks, months or years before (negative) or after the day said: "3 days ago", 两周前. Days and
   * weeks name a day, months a month, years a year.
   */
  record Count(int amount, ChronoUnit unit) implements RelativeDate {
    @Override
    public PinnedDate on(LocalDate said) {
      LocalDate d = said.plus(amount, unit);
      return switch (unit) {
        case MONTHS -> new PinnedDate(DatePrecision.MONTH, d.withDayOfMonth(1));
        case YEARS -> new PinnedDate(DatePrecision.YEAR, d.withDayOfYear(1));
        default -> new PinnedDate(DatePrecision.DAY, d);
      };
    }
  }

  /** The first {@code day} on or after the day said: a deadline "by Friday", 周五之前. */
  record OnOrAfter(DayOfWeek day) implements RelativeDate {
    @Override
    public PinnedDate on(LocalDate said) {
      return new PinnedDate(DatePrecision.DAY, said.with(TemporalAdjusters.nextOrSame(day)));
    }
  }

  /** The last day of the day said's month (月底) or year (年底). */
  record EndOf(ChronoUnit unit) implements RelativeDate {
    @Override
    public PinnedDate on(LocalDate said) {
      return new PinnedDate(DatePrecision.DAY, unit == ChronoUnit.YEARS ? said.with(TemporalAdjusters.lastDayOfYear())
          : said.with(TemporalAdjusters.lastDayOfMonth()));
    }
  }

  private static LocalDate monday(LocalDate d) {
    return d.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
  }
}
