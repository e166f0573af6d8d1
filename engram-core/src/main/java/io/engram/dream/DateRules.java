package io.engram.dream;

import io.engram.dream.DateMention.Precision;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/** The relative-date phrases {@link RelativeDates} knows, English and Chinese, and what each means. */
final class DateRules {

  /** What a phrase resolves to. */
  record Resolved(Precision precision, LocalDate date) {}

  /**
   * One phrase pattern; {@code chinese} selects the annotation style. The pattern can only match where
   * the lower-cased text contains one of the {@code triggers}, a cheap test that spares most regex runs.
   */
  record Rule(
      List<String> triggers,
      Pattern pattern,
      boolean chinese,
      BiFunction<MatchResult, LocalDate, Optional<Resolved>> meaning) {

    boolean mayMatch(String lowerText) {
      for (String t : triggers) {
        if (lowerText.contains(t)) {
          return true;
        }
      }
      return false;
    }
  }

  private static final String EN_NUM =
      "(\\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
  private static final String EN_DAY = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
  /** A count: digits that do not continue a longer number ("2026年前" is a year), or Chinese numerals. */
  private static final String ZH_NUM = "((?<![0-9])[0-9]{1,3}|[一二两三四五六七八九十]{1,3})";
  // A digit weekday (周2) must not run into a number or a word, which would change its meaning.
  private static final String ZH_DAY = "([一二三四五六日天]|[1-7](?![\\p{IsLatin}\\p{N}_-]))";
  private static final String BEFORE = "(?<![\\p{IsLatin}\\p{N}_-])";
  private static final String AFTER = "(?![\\p{IsLatin}\\p{N}_-])";

  private static final Map<String, Integer> EN_WORDS =
      Map.ofEntries(
          Map.entry("a", 1), Map.entry("an", 1), Map.entry("one", 1), Map.entry("two", 2),
          Map.entry("three", 3), Map.entry("four", 4), Map.entry("five", 5), Map.entry("six", 6),
          Map.entry("seven", 7), Map.entry("eight", 8), Map.entry("nine", 9), Map.entry("ten", 10),
          Map.entry("eleven", 11), Map.entry("twelve", 12));

  static final List<Rule> RULES =
      List.of(
          en(List.of("yesterday"), "the day before yesterday", (m, d) -> day(d.minusDays(2))),
          en(List.of("tomorrow"), "the day after tomorrow", (m, d) -> day(d.plusDays(2))),
          en(
              List.of("yesterday", "last night"),
              "yesterday(?:['’]s)?|last night",
              (m, d) -> day(d.minusDays(1))),
          en(
              List.of("today", "tonight", "this "),
              "today(?:['’]s)?|tonight(?:['’]s)?|this (?:morning|afternoon|evening)|(?:earlier|later) today",
              (m, d) -> day(d)),
          en(List.of("tomorrow"), "tomorrow(?:['’]s)?", (m, d) -> day(d.plusDays(1))),
          en(
              List.of("last ", "next ", "this "),
              "(last|next|this) " + EN_DAY,
              (m, d) -> day(weekday(m.group(1), dayOf(m.group(2)), d))),
          en(
              List.of("last ", "next ", "this "),
              "(last|next|this) week(?:['’]s)?",
              (m, d) -> week(monday(d).plusWeeks(shift(m.group(1))))),
          en(
              List.of("last ", "next ", "this "),
              "(last|next|this) month(?:['’]s)?",
              (m, d) -> month(d.withDayOfMonth(1).plusMonths(shift(m.group(1))))),
          en(
              List.of("last ", "next ", "this "),
              "(last|next|this) year(?:['’]s)?",
              (m, d) -> year(d.withDayOfYear(1).plusYears(shift(m.group(1))))),
          en(
              List.of(" ago"),
              EN_NUM + " (day|week|month|year)s? ago",
              (m, d) -> ago(enNumber(m.group(1)), m.group(2), d, -1)),
          en(
              List.of("in "),
              "in " + EN_NUM + " (day|week|month|year)s?",
              (m, d) -> ago(enNumber(m.group(1)), m.group(2), d, 1)),
          zh(List.of("前天"), "大前天", (m, d) -> day(d.minusDays(3))),
          zh(List.of("后天"), "大后天", (m, d) -> day(d.plusDays(3))),
          zh(List.of("前天"), "前天", (m, d) -> day(d.minusDays(2))),
          zh(List.of("后天"), "后天", (m, d) -> day(d.plusDays(2))),
          zh(List.of("昨"), "昨天|昨日|昨晚|昨夜", (m, d) -> day(d.minusDays(1))),
          zh(List.of("今"), "今天|今日|今早|今晚|今夜", (m, d) -> day(d)),
          zh(List.of("明"), "明天|明日|明早|明晚", (m, d) -> day(d.plusDays(1))),
          zh(List.of("周", "星期", "礼拜"), "(上上|上|这|本|下下|下)个?(?:周|星期|礼拜)" + ZH_DAY,
              (m, d) -> day(monday(d).plusWeeks(zhShift(m.group(1))).plusDays(zhDay(m.group(2)) - 1L))),
          zh(List.of("周末", "星期末"), "(上上|上|这|本|下下|下)个?(?:周末|星期末)",
              (m, d) -> day(monday(d).plusWeeks(zhShift(m.group(1))).plusDays(5))),
          zh(List.of("周", "星期", "礼拜"), "(上上|上|这|本|下下|下)个?(?:周|星期|礼拜)(?![一二三四五六日天1-7末期年边围刊报转长])",
              (m, d) -> week(monday(d).plusWeeks(zhShift(m.group(1))))),
          zh(
              List.of("月"),
              "(上|这|本|下)个?月",
              (m, d) -> month(d.withDayOfMonth(1).plusMonths(zhShift(m.group(1))))),
          zh(
              List.of("年"),
              "(前|去|今|明)年",
              (m, d) -> year(d.withDayOfYear(1).plusYears(zhYear(m.group(1))))),
          zh(List.of("前", "后"), ZH_NUM + "(天|日|周|星期|礼拜|个星期|个礼拜|个月|年)(?:以|之)?(前|后)",
              (m, d) -> zhNumber(m.group(1))
                  .flatMap(n -> ago(n, zhUnit(m.group(2)), d, m.group(3).equals("前") ? -1 : 1))));

  private DateRules() {}

  private static Rule en(
      List<String> triggers, String regex, BiFunction<MatchResult, LocalDate, Optional<Resolved>> meaning) {
    return new Rule(
        triggers,
        Pattern.compile(BEFORE + "(?:" + regex + ")" + AFTER, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE),
        false,
        meaning);
  }

  private static Rule zh(
      List<String> triggers, String regex, BiFunction<MatchResult, LocalDate, Optional<Resolved>> meaning) {
    return new Rule(triggers, Pattern.compile(regex), true, meaning);
  }

  private static Optional<Resolved> day(LocalDate d) {
    return Optional.of(new Resolved(Precision.DAY, d));
  }

  private static Optional<Resolved> week(LocalDate monday) {
    return Optional.of(new Resolved(Precision.WEEK, monday));
  }

  private static Optional<Resolved> month(LocalDate first) {
    return Optional.of(new Resolved(Precision.MONTH, first));
  }

  private static Optional<Resolved> year(LocalDate first) {
    return Optional.of(new Resolved(Precision.YEAR, first));
  }

  private static LocalDate monday(LocalDate d) {
    return d.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
  }

  /** "last X" is the latest X before the day, "next X" the first after it, "this X" the X of its week. */
  private static LocalDate weekday(String which, DayOfWeek day, LocalDate d) {
    switch (which.toLowerCase(Locale.ROOT)) {
      case "last":
        return d.with(TemporalAdjusters.previous(day));
      case "next":
        return d.with(TemporalAdjusters.next(day));
      default:
        return monday(d).plusDays(day.getValue() - 1L);
    }
  }

  private static DayOfWeek dayOf(String name) {
    return DayOfWeek.valueOf(name.toUpperCase(Locale.ROOT));
  }

  private static int shift(String which) {
    switch (which.toLowerCase(Locale.ROOT)) {
      case "last":
        return -1;
      case "next":
        return 1;
      default:
        return 0;
    }
  }

  private static int zhShift(String which) {
    switch (which) {
      case "上上":
        return -2;
      case "上":
        return -1;
      case "下":
        return 1;
      case "下下":
        return 2;
      default:
        return 0;
    }
  }

  private static int zhYear(String which) {
    switch (which) {
      case "前":
        return -2;
      case "去":
        return -1;
      case "明":
        return 1;
      default:
        return 0;
    }
  }

  private static int zhDay(String c) {
    int i = "一二三四五六日".indexOf(c);
    if (i >= 0) {
      return i + 1;
    }
    if (c.equals("天")) {
      return 7;
    }
    return Integer.parseInt(c);
  }

  private static String zhUnit(String unit) {
    if (unit.equals("天") || unit.equals("日")) {
      return "day";
    }
    if (unit.contains("月")) {
      return "month";
    }
    if (unit.equals("年")) {
      return "year";
    }
    return "week";
  }

  private static int enNumber(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    Integer n = EN_WORDS.get(w);
    return n != null ? n : Integer.parseInt(w);
  }

  /** Parses 0-999 written with digits or with Chinese numerals up to 九十九. */
  static Optional<Integer> zhNumber(String text) {
    if (text.chars().allMatch(Character::isDigit)) {
      return Optional.of(Integer.parseInt(text));
    }
    String digits = "零一二三四五六七八九";
    String t = text.replace('两', '二');
    int ten = t.indexOf('十');
    if (ten < 0) {
      return t.length() == 1 ? Optional.of(digits.indexOf(t.charAt(0))) : Optional.empty();
    }
    if (t.indexOf('十', ten + 1) >= 0 || ten > 1 || t.length() - ten > 2) {
      return Optional.empty();
    }
    int tens = ten == 0 ? 1 : digits.indexOf(t.charAt(0));
    int ones = ten == t.length() - 1 ? 0 : digits.indexOf(t.charAt(ten + 1));
    return tens < 0 || ones < 0 ? Optional.empty() : Optional.of(tens * 10 + ones);
  }

  private static Optional<Resolved> ago(int n, String unit, LocalDate d, int sign) {
    long k = (long) n * sign;
    switch (unit.toLowerCase(Locale.ROOT)) {
      case "day":
        return day(d.plusDays(k));
      case "week":
        return day(d.plusWeeks(k));
      case "month":
        return month(d.withDayOfMonth(1).plusMonths(k));
      default:
        return year(d.withDayOfYear(1).plusYears(k));
    }
  }
}
