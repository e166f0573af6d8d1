package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.dates.DatePrecision;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class RelativeDatesTest {
  /** A Tuesday. */
  private static final LocalDate SESSION = LocalDate.of(2026, 5, 12);

  private static String pin(String text) {
    return RelativeDates.absolutize(text, SESSION).text();
  }

  @Test
  void englishDaysAreAnnotatedNotReplaced() {
    assertThat(pin("Fixed the auth bug yesterday.")).isEqualTo("Fixed the auth bug yesterday (2026-05-11).");
    assertThat(pin("Today we moved to pnpm")).isEqualTo("Today (2026-05-12) we moved to pnpm");
    assertThat(pin("deploy tomorrow")).isEqualTo("deploy tomorrow (2026-05-13)");
    assertThat(pin("the day before yesterday it broke")).isEqualTo("the day before yesterday (2026-05-10) it broke");
    assertThat(pin("this morning and earlier today"))
        .isEqualTo("this morning (2026-05-12) and earlier today (2026-05-12)");
    assertThat(pin("today's standup")).isEqualTo("today's (2026-05-12) standup");
  }

  @Test
  void englishWeekdaysWeeksMonthsAndCounts() {
    assertThat(pin("last Friday")).isEqualTo("last Friday (2026-05-08)");
    assertThat(pin("last Tuesday")).isEqualTo("last Tuesday (2026-05-05)");
    assertThat(pin("next Monday")).isEqualTo("next Monday (2026-05-18)");
    assertThat(pin("this Thursday")).isEqualTo("this Thursday (2026-05-14)");
    assertThat(pin("last week")).isEqualTo("last week (week of 2026-05-04)");
    assertThat(pin("next month")).isEqualTo("next month (2026-06)");
    assertThat(pin("last year")).isEqualTo("last year (2025)");
    assertThat(pin("3 days ago")).isEqualTo("3 days ago (2026-05-09)");
    assertThat(pin("two weeks ago")).isEqualTo("two weeks ago (2026-04-28)");
    assertThat(pin("a month ago")).isEqualTo("a month ago (2026-04)");
    assertThat(pin("in 2 days")).isEqualTo("in 2 days (2026-05-14)");
  }

  @Test
  void chineseDaysAndWeeks() {
    assertThat(pin("昨天修好了")).isEqualTo("昨天（2026-05-11）修好了");
    assertThat(pin("前天")).isEqualTo("前天（2026-05-10）");
    assertThat(pin("大前天")).isEqualTo("大前天（2026-05-09）");
    assertThat(pin("明天和后天")).isEqualTo("明天（2026-05-13）和后天（2026-05-14）");
    assertThat(pin("今天")).isEqualTo("今天（2026-05-12）");
    assertThat(pin("上周五调试到凌晨")).isEqualTo("上周五（2026-05-08）调试到凌晨");
    assertThat(pin("这周三")).isEqualTo("这周三（2026-05-13）");
    assertThat(pin("下周一")).isEqualTo("下周一（2026-05-18）");
    assertThat(pin("上个星期日")).isEqualTo("上个星期日（2026-05-10）");
    assertThat(pin("本周")).isEqualTo("本周（2026-05-11 起的一周）");
    assertThat(pin("上周末")).isEqualTo("上周末（2026-05-09）");
    assertThat(pin("上个月")).isEqualTo("上个月（2026-04）");
    assertThat(pin("去年")).isEqualTo("去年（2025）");
  }

  @Test
  void chineseCounts() {
    assertThat(pin("3天前")).isEqualTo("3天前（2026-05-09）");
    assertThat(pin("十天前")).isEqualTo("十天前（2026-05-02）");
    assertThat(pin("两周前")).isEqualTo("两周前（2026-04-28）");
    assertThat(pin("三个月前")).isEqualTo("三个月前（2026-02）");
    assertThat(pin("十二天后")).isEqualTo("十二天后（2026-05-24）");
  }

  @Test
  void wordsThatMerelyContainAPhraseAreLeftAlone() {
    assertThat(pin("周期性任务 这周期 周末")).isEqualTo("周期性任务 这周期 周末");
    assertThat(pin("todays_flag and yesterdayish and this weekend")).isEqualTo(
        "todays_flag and yesterdayish and this weekend");
    assertThat(pin("every Friday")).isEqualTo("every Friday");
  }

  @Test
  void codeSpansFencesAndUrlsAreNeverTouched() {
    String text = "Run `deploy --since yesterday` today.\n```\necho yesterday\n```\nSee https://x.io/today ok";
    assertThat(pin(text))
        .isEqualTo(
            "Run `deploy --since yesterday` today (2026-05-12).\n```\necho yesterday\n```\n"
                + "See https://x.io/today ok");
  }

  @Test
  void quotationsAndBlockquotesStayVerbatim() {
    String deadline = "Release freeze next Friday.\n\n(Date as the user said it: \"next Friday\"; relative dates are"
        + " made absolute by consolidation.)\n";
    assertThat(pin(deadline)).isEqualTo("Release freeze next Friday (2026-05-22).\n\n(Date as the user said it:"
        + " \"next Friday\"; relative dates are made absolute by consolidation.)\n");
    assertThat(pin("She wrote “ship it tomorrow” yesterday")).isEqualTo("She wrote “ship it tomorrow” yesterday (2026-05-11)");
    assertThat(pin("他说「明天发布」，昨天")).isEqualTo("他说「明天发布」，昨天（2026-05-11）");
    assertThat(pin("『下周一』 and «last week» and ‘tomorrow’")).isEqualTo("『下周一』 and «last week» and ‘tomorrow’");
    assertThat(pin("> We deploy tomorrow.\n>   and last week too\ntomorrow"))
        .isEqualTo("> We deploy tomorrow.\n>   and last week too\ntomorrow (2026-05-13)");
  }

  @Test
  void apostrophesAndUnpairedQuotesDoNotProtectText() {
    assertThat(pin("Don't deploy tomorrow, it’s frozen until next Monday"))
        .isEqualTo("Don't deploy tomorrow (2026-05-13), it’s frozen until next Monday (2026-05-18)");
    assertThat(pin("a 27\" screen arrived yesterday\n\nand \" closes nothing")).startsWith(
        "a 27\" screen arrived yesterday (2026-05-11)");
  }

  @Test
  void unclosedFenceProtectsTheRestOfTheText() {
    assertThat(pin("yesterday\n~~~\nyesterday\n")).isEqualTo("yesterday (2026-05-11)\n~~~\nyesterday\n");
  }

  @Test
  void alreadyPinnedPhrasesAreNotPinnedTwice() {
    String once = pin("yesterday, 上周五 and last week");
    assertThat(pin(once)).isEqualTo(once);
    assertThat(pin("2026-05-11 (yesterday)")).isEqualTo("2026-05-11 (yesterday)");
  }

  @Test
  void mentionsReportPrecisionAndDate() {
    var res = RelativeDates.absolutize("上周 and yesterday", SESSION);
    assertThat(res.changed()).isTrue();
    assertThat(res.mentions()).extracting(DateMention::precision).containsExactly(DatePrecision.WEEK, DatePrecision.DAY);
    assertThat(res.mentions().get(0).date()).isEqualTo(LocalDate.of(2026, 5, 4));
    assertThat(res.mentions().get(1).start()).isEqualTo(7);
  }

  @Test
  void yearsAndDigitRunsAreNotCounts() {
    assertThat(pin("2026年前完成")).isEqualTo("2026年前完成");
    assertThat(pin("上周五三个月前")).isEqualTo("上周五（2026-05-08）三个月前（2026-02）");
  }
}
