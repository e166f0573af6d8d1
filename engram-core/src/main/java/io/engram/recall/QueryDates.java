package io.engram.recall;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Month;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The period a query names, if any: a month ({@code in May}, {@code May 2023}), a year ({@code in 2022}), a
 * season ({@code during the summer}), or a period relative to now ({@code yesterday}, {@code last week},
 * {@code this month}, {@code 3 days ago}). Memories and turns dated within it are lifted by
 * {@code recall.dateBoost}: "when we fixed the deploy last week" finds last week's memory first.
 */
final class QueryDates {
  /** A period of days, {@code from} inclusive, {@code until} exclusive; {@code anyYear} matches month and day only. */
  record Span(LocalDate from, LocalDate until, boolean anyYear) {
    boolean contains(Instant when) {
      LocalDate day = when.atZone(ZoneOffset.UTC).toLocalDate();
      if (!anyYear) {
        return !day.isBefore(from) && day.isBefore(until);
      }
      LocalDate shifted = day.withYear(from.getYear());
      LocalDate next = day.withYear(from.getYear() + 1);
      return (!shifted.isBefore(from) && shifted.isBefore(until)) || (!next.isBefore(from) && next.isBefore(until));
    }
  }

  /** The month names, lower case, as a regex alternation. */
  static final String MONTHS =
      "january|february|march|april|may|june|july|august|september|october|november|december";
  // Possessive: a comma or the year follows the spaces, neither of them a space, so giving spaces back never matches;
  // "\\s*,?\\s*" gave them back between its two runs, quadratic in a run of spaces after a month's name.
  private static final Pattern MONTH_YEAR = Pattern.compile("\\b(" + MONTHS + ")\\s*+(?:,\\s*+)?((?:19|20)\\d\\d)\\b");
  // "may" alone is too often the verb: only "in May" or "of May" count as the month.
  private static final Pattern MONTH = Pattern.compile(
      "\\b(?:in|during|of|last|this|early|late|mid)[- ](" + MONTHS + ")\\b|\\b(" + MONTHS.replace("may|", "") + ")\\b");
  private static final Pattern YEAR = Pattern.compile("\\b(?:in|during|of|since|from)\\s+((?:19|20)\\d\\d)\\b");
  // "spring" and "fall" alone are a framework and a verb in coding talk: a season needs "in the", "this"...
  private static final Pattern SEASON =
      Pattern.compile("\\b(?:in|during|this|last|over)\\s+(?:the\\s+)?(spring|summer|autumn|fall|winter)\\b");
  private static final Pattern AGO = Pattern.compile("\\b(\\d+|a|one|two|three|four|five|six)\\s+(day|week|month)s?\\s+ago\\b");
  private static final Pattern RELATIVE = Pattern.compile("\\b(yesterday|today|last week|this week|last month|this month|last year|this year)\\b");

  private QueryDates() {}

  /** The period {@code query} names, relative periods counted back from {@code now}. */
  static Optional<Span> in(String query, Instant now) {
    String q = query.toLowerCase(Locale.ROOT);
    LocalDate today = now.atZone(ZoneOffset.UTC).toLocalDate();
    Matcher m = MONTH_YEAR.matcher(q);
    if (m.find()) {
      LocalDate from = LocalDate.of(Integer.parseInt(m.group(2)), month(m.group(1)), 1);
      return Optional.of(new Span(from, from.plusMonths(1), false));
    }
    m = RELATIVE.matcher(q);
    if (m.find()) {
      return Optional.of(relative(m.group(1), today));
    }
    m = AGO.matcher(q);
    if (m.find()) {
      int n = count(m.group(1));
      LocalDate centre = switch (m.group(2)) {
        case "day" -> today.minusDays(n);
        case "week" -> today.minusWeeks(n);
        default -> today.minusMonths(n);
      };
      int slack = m.group(2).equals("day") ? 1 : m.group(2).equals("week") ? 4 : 15;
      return Optional.of(new Span(centre.minusDays(slack), centre.plusDays(slack + 1), false));
    }
    m = YEAR.matcher(q);
    if (m.find()) {
      LocalDate from = LocalDate.of(Integer.parseInt(m.group(1)), 1, 1);
      return Optional.of(new Span(from, from.plusYears(1), false));
    }
    m = MONTH.matcher(q);
    if (m.find()) {
      String name = m.group(1) != null ? m.group(1) : m.group(2);
      LocalDate from = LocalDate.of(2000, month(name), 1);
      return Optional.of(new Span(from, from.plusMonths(1), true));
    }
    m = SEASON.matcher(q);
    if (m.find()) {
      int start = switch (m.group(1)) {
        case "spring" -> 3;
        case "summer" -> 6;
        case "autumn", "fall" -> 9;
        default -> 12;
      };
      LocalDate from = LocalDate.of(2000, start, 1);
      return Optional.of(new Span(from, from.plusMonths(3), true));
    }
    return Optional.empty();
  }

  private static Span relative(String phrase, LocalDate today) {
    return switch (phrase) {
      case "yesterday" -> new Span(today.minusDays(1), today, false);
      case "today" -> new Span(today, today.plusDays(1), false);
      case "this week" -> new Span(today.with(DayOfWeek.MONDAY), today.plusDays(1), false);
      case "last week" -> new Span(today.with(DayOfWeek.MONDAY).minusWeeks(1), today.with(DayOfWeek.MONDAY), false);
      case "this month" -> new Span(today.withDayOfMonth(1), today.plusDays(1), false);
      case "last month" -> new Span(today.withDayOfMonth(1).minusMonths(1), today.withDayOfMonth(1), false);
      case "this year" -> new Span(today.withDayOfYear(1), today.plusDays(1), false);
      default -> new Span(today.withDayOfYear(1).minusYears(1), today.withDayOfYear(1), false);
    };
  }

  private static Month month(String name) {
    for (Month m : Month.values()) {
      if (m.getDisplayName(TextStyle.FULL, Locale.ENGLISH).equalsIgnoreCase(name)) {
        return m;
      }
    }
    throw new IllegalArgumentException("not a month: " + name);
  }

  private static int count(String word) {
    return switch (word) {
      case "a", "one" -> 1;
      case "two" -> 2;
      case "three" -> 3;
      case "four" -> 4;
      case "five" -> 5;
      case "six" -> 6;
      default -> Integer.parseInt(word);
    };
  }
}
