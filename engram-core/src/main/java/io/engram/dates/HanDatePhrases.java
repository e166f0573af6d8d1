package io.engram.dates;

import static io.engram.dates.DatePhrase.count;
import static io.engram.dates.DatePhrase.day;
import static io.engram.dates.DatePhrase.han;
import static io.engram.dates.DatePhrase.shift;
import static io.engram.dates.DatePhrase.weekday;

import io.engram.dates.RelativeDate.MonthShift;
import io.engram.dates.RelativeDate.WeekShift;
import io.engram.dates.RelativeDate.YearShift;
import java.time.DayOfWeek;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The phrase tables of the languages written in Han characters, Chinese and Japanese, with the numerals (digits or
 * Chinese numerals up to 九十九) and units both read.
 */
final class HanDatePhrases {
  private HanDatePhrases() {}

  /** A count: digits that do not continue a longer number ("2026年前" is a year), or Chinese numerals. */
  private static final String ZH_NUM = "((?<![0-9])[0-9]{1,3}|[一二两三四五六七八九十]{1,3})";
  // A digit weekday (周2) must not run into a number or a word, which would change its meaning.
  private static final String ZH_DAY = "([一二三四五六日天]|[1-7](?![\\p{IsLatin}\\p{N}_-]))";
  private static final Map<String, Integer> ZH_SHIFT = Map.of("上上", -2, "上", -1, "这", 0, "本", 0, "下", 1, "下下", 2);

  static List<DatePhrase> chinese() {
    return List.of(
        han(List.of("前天"), "大前天", m -> day(-3)),
        han(List.of("后天"), "大后天", m -> day(3)),
        han(List.of("前天"), "前天", m -> day(-2)),
        han(List.of("后天"), "后天", m -> day(2)),
        han(List.of("昨"), "昨天|昨日|昨晚|昨夜", m -> day(-1)),
        han(List.of("今"), "今天|今日|今早|今晚|今夜", m -> day(0)),
        han(List.of("明"), "明天|明日|明早|明晚", m -> day(1)),
        han(List.of("周", "星期", "礼拜"), "(上上|上|这|本|下下|下)个?(?:周|星期|礼拜)" + ZH_DAY,
            m -> weekday(shift(m.group(1), ZH_SHIFT), DayOfWeek.of(zhDay(m.group(2))))),
        han(List.of("周末", "星期末"), "(上上|上|这|本|下下|下)个?(?:周末|星期末)",
            m -> weekday(shift(m.group(1), ZH_SHIFT), DayOfWeek.SATURDAY)),
        han(List.of("周", "星期", "礼拜"), "(上上|上|这|本|下下|下)个?(?:周|星期|礼拜)(?![一二三四五六日天1-7末期年边围刊报转长])",
            m -> Optional.of(new WeekShift(shift(m.group(1), ZH_SHIFT)))),
        han(List.of("月"), "(上|这|本|下)个?月", m -> Optional.of(new MonthShift(shift(m.group(1), ZH_SHIFT)))),
        han(List.of("年"), "(前|去|今|明)年",
            m -> Optional.of(new YearShift(Map.of("前", -2, "去", -1, "今", 0, "明", 1).get(m.group(1))))),
        han(List.of("前", "后"), ZH_NUM + "(天|日|周|星期|礼拜|个星期|个礼拜|个月|年)(?:以|之)?(前|后)",
            m -> zhNumber(m.group(1)).flatMap(n -> count(m.group(3).equals("前") ? -n : n, hanUnit(m.group(2))))));
  }

  private static final String JA_DAY = "(月|火|水|木|金|土|日)曜(?:日)?";
  private static final Map<String, Integer> JA_SHIFT = Map.of("先々週", -2, "先週", -1, "今週", 0, "来週", 1, "再来週", 2);

  static List<DatePhrase> japanese() {
    return List.of(
        // kanji forms only: kana readings (きょう, あす) are also parts of other words (きょうだい, ます)
        han(List.of("一昨日", "おととい"), "一昨日|おととい", m -> day(-2)),
        han(List.of("明後日", "あさって"), "明後日|あさって", m -> day(2)),
        han(List.of("昨"), "昨日|昨夜|昨晩", m -> day(-1)),
        han(List.of("今"), "今日|今朝|今夜|今晩", m -> day(0)),
        han(List.of("明"), "明日", m -> day(1)),
        han(List.of("週"), "(先々週|先週|今週|再来週|来週)の?" + JA_DAY,
            m -> weekday(shift(m.group(1), JA_SHIFT), DayOfWeek.of("月火水木金土日".indexOf(m.group(2)) + 1))),
        han(List.of("週"), "(先々週|先週|今週|再来週|来週)(?!の?[月火水木金土日]曜)",
            m -> Optional.of(new WeekShift(shift(m.group(1), JA_SHIFT)))),
        han(List.of("月"), "(先月|今月|来月)",
            m -> Optional.of(new MonthShift(Map.of("先月", -1, "今月", 0, "来月", 1).get(m.group(1))))),
        han(List.of("年"), "(一昨年|去年|昨年|今年|来年)",
            m -> Optional.of(new YearShift(Map.of("一昨年", -2, "去年", -1, "昨年", -1, "今年", 0, "来年", 1)
                .get(m.group(1))))),
        han(List.of("前", "後"), ZH_NUM + "(日|週間|か月|ヶ月|カ月|ケ月|年)(前|後)",
            m -> zhNumber(m.group(1)).flatMap(n -> count(m.group(3).equals("前") ? -n : n, hanUnit(m.group(2))))));
  }

  private static int zhDay(String c) {
    int i = "一二三四五六日".indexOf(c);
    if (i >= 0) {
      return i + 1;
    }
    return c.equals("天") ? 7 : Integer.parseInt(c);
  }

  private static ChronoUnit hanUnit(String unit) {
    if (unit.equals("天") || unit.equals("日")) {
      return ChronoUnit.DAYS;
    }
    if (unit.contains("月")) {
      return ChronoUnit.MONTHS;
    }
    return unit.equals("年") ? ChronoUnit.YEARS : ChronoUnit.WEEKS;
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
}
