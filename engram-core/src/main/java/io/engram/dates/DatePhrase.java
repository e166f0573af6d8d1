package io.engram.dates;

import io.engram.dates.RelativeDate.Count;
import io.engram.dates.RelativeDate.DayShift;
import io.engram.dates.RelativeDate.WeekdayOfWeek;
import java.time.DayOfWeek;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * One phrase of a language's table ({@link LatinDatePhrases}, {@link HanDatePhrases}): the pattern that finds it and
 * what a match means. It can only match where the lower-cased text contains one of its {@code triggers}, a cheap test
 * that spares most pattern runs. A Latin phrase stands as a word of its own; a Han one anywhere, as Han text has no
 * spaces. The meanings the tables share are made here.
 */
record DatePhrase(List<String> triggers, Pattern pattern, Function<MatchResult, Optional<RelativeDate>> meaning) {
  // A phrase glued to the close of a pinned date ("昨天（2026-05-11）yesterday") was glued to a word before it was
  // pinned: it is not a phrase now either, so that pinning twice changes nothing.
  static final String BEFORE = "(?<![\\p{L}\\p{N}_）-])";
  static final String AFTER = "(?![\\p{L}\\p{N}_-])";

  boolean mayMatch(String lowerText) {
    for (String t : triggers) {
      if (lowerText.contains(t)) {
        return true;
      }
    }
    return false;
  }

  /** A phrase of Latin text: {@code regex} as a word of its own, in any case. */
  static DatePhrase latin(List<String> triggers, String regex, Function<MatchResult, Optional<RelativeDate>> m) {
    return new DatePhrase(triggers,
        Pattern.compile(BEFORE + "(?:" + regex + ")" + AFTER, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE), m);
  }

  /** A phrase of Han text: {@code regex} wherever it stands. */
  static DatePhrase han(List<String> triggers, String regex, Function<MatchResult, Optional<RelativeDate>> m) {
    return new DatePhrase(triggers, Pattern.compile(regex), m);
  }

  static Optional<RelativeDate> day(int shift) {
    return Optional.of(new DayShift(shift));
  }

  static Optional<RelativeDate> weekday(int weeks, DayOfWeek d) {
    return Optional.of(new WeekdayOfWeek(weeks, d));
  }

  static Optional<RelativeDate> count(int n, ChronoUnit unit) {
    return Optional.of(new Count(n, unit));
  }

  static int shift(String which, Map<String, Integer> shifts) {
    Integer s = shifts.get(which.toLowerCase(Locale.ROOT));
    if (s == null) {
      throw new NumberFormatException("no shift: " + which);
    }
    return s;
  }
}
