package io.engram.extract;

import io.engram.dates.RelativeDate;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pins the date phrase of a deadline to the calendar, counted from the day it was said (the session's own
 * day, from the transcript), never from the day the pass runs: {@code next Friday} said on Wednesday
 * 2026-02-11 is 2026-02-13.
 *
 * <p>Every date is pinned by the one arithmetic relative dates share ({@link RelativeDate#on}), with its ISO weeks:
 * "next X" and 下周X are the X of the week after the day said's, "this X", 本周X and 这周X the X of its week (so
 * "next Friday" and 下周五 name the same day); "by / on / before / until X" and a bare 周X the first X on or after it;
 * 月底 and 年底 the month's and the year's last day. A month and day without a year is the next such day from the
 * day said (a day up to half a year back stays in that year). Weeks, months and sprints are not pinned to a day.
 */
final class DeadlineDates {
  private static final Pattern ISO = Pattern.compile("(20\\d\\d)-([01]\\d)-([0-3]\\d)");
  private static final Pattern RELATIVE = Pattern.compile(
      "(?i)(next|this|by|on|before|until)\\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)");
  private static final Pattern MONTH_DAY = Pattern.compile(
      "(?i)([a-z]{3,9})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?|(\\d{1,2})(?:st|nd|rd|th)?\\s+([a-z]{3,9})");
  private static final Pattern ZH_MONTH_DAY = Pattern.compile("(\\d{1,2})\\s*月\\s*(\\d{1,2})\\s*[日号]");
  private static final Pattern ZH_WEEKDAY = Pattern.compile("([下本这]?)(?:周|星期|礼拜)([一二三四五六日天])");
  private static final String ZH_DAYS = "一二三四五六日";

  private DeadlineDates() {}

  /** The day {@code phrase} names, seen from {@code said}; empty when it names no single day. */
  static Optional<LocalDate> pin(String phrase, LocalDate said) {
    String p = phrase.strip();
    Matcher m = ISO.matcher(p);
    if (m.matches()) {
      return Optional.of(LocalDate.parse(p));
    }
    if ((m = RELATIVE.matcher(p)).matches()) {
      DayOfWeek day = DayOfWeek.valueOf(m.group(2).toUpperCase(Locale.ROOT));
      return Optional.of(switch (m.group(1).toLowerCase(Locale.ROOT)) {
        case "next" -> new RelativeDate.WeekdayOfWeek(1, day);
        case "this" -> new RelativeDate.WeekdayOfWeek(0, day);
        default -> new RelativeDate.OnOrAfter(day);
      }).map(r -> r.on(said).date());
    }
    if ((m = MONTH_DAY.matcher(p)).matches()) {
      Optional<Month> month = month(m.group(1) != null ? m.group(1) : m.group(4));
      int day = Integer.parseInt(m.group(2) != null ? m.group(2) : m.group(3));
      return month.flatMap(mo -> yearAhead(said, mo.getValue(), day));
    }
    if ((m = ZH_MONTH_DAY.matcher(p)).matches()) {
      return yearAhead(said, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }
    if ((m = ZH_WEEKDAY.matcher(p)).matches()) {
      DayOfWeek day = DayOfWeek.of(ZH_DAYS.indexOf(m.group(2).replace("天", "日")) + 1);
      return Optional.of(switch (m.group(1)) {
        case "下" -> new RelativeDate.WeekdayOfWeek(1, day);
        case "本", "这" -> new RelativeDate.WeekdayOfWeek(0, day);
        default -> new RelativeDate.OnOrAfter(day);
      }).map(r -> r.on(said).date());
    }
    return switch (p) {
      case "月底" -> Optional.of(new RelativeDate.EndOf(java.time.temporal.ChronoUnit.MONTHS).on(said).date());
      case "年底" -> Optional.of(new RelativeDate.EndOf(java.time.temporal.ChronoUnit.YEARS).on(said).date());
      default -> Optional.empty();
    };
  }

  private static Optional<LocalDate> yearAhead(LocalDate said, int month, int day) {
    try {
      LocalDate d = LocalDate.of(said.getYear(), month, day);
      return Optional.of(d.isBefore(said.minusMonths(6)) ? d.plusYears(1) : d);
    } catch (java.time.DateTimeException invalid) {
      return Optional.empty();
    }
  }

  private static Optional<Month> month(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    for (Month mo : Month.values()) {
      String full = mo.getDisplayName(TextStyle.FULL, Locale.ENGLISH).toLowerCase(Locale.ROOT);
      if (w.length() >= 3 && full.startsWith(w.equals("sept") ? "sep" : w)) {
        return Optional.of(mo);
      }
    }
    return Optional.empty();
  }
}
