package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class RelativeDatesPropertiesTest {
  private static final List<String> PIECES =
      List.of(
          "yesterday", "today", "last Friday", "next week", "3 days ago", "昨天", "上周五", "三个月前", "本周",
          "2026-05-11", "2025-12-31", " ", "\n", "`", "```\n", "(", "（", "we fixed it", "周期", "the day",
          "`today`", "https://x.io/yesterday", "- ", "**", "before", "ago", "周", "last", "天前", "2", "五", "十");

  @Provide
  Arbitrary<String> markdownish() {
    return Arbitraries.of(PIECES).list().ofMaxSize(30).map(l -> String.join("", l));
  }

  @Property(tries = 500)
  void anyTextNeverCrashesAndOnlyGainsCharacters(@ForAll String text, @ForAll @IntRange(min = 0, max = 3000) int day) {
    LocalDate session = LocalDate.of(2020, 1, 1).plusDays(day);
    String out = RelativeDates.absolutize(text, session).text();
    assertThat(isSubsequence(text, out)).isTrue();
  }

  @Property(tries = 1500)
  void markdownTextOnlyGainsCharactersAndIsIdempotent(@ForAll("markdownish") String text) {
    LocalDate session = LocalDate.of(2026, 5, 12);
    String once = RelativeDates.absolutize(text, session).text();
    assertThat(isSubsequence(text, once)).isTrue();
    datesIn(text).forEach((date, n) -> assertThat(datesIn(once).getOrDefault(date, 0L)).isGreaterThanOrEqualTo(n));
    assertThat(RelativeDates.absolutize(once, session).text()).isEqualTo(once);
  }

  @Property(tries = 300)
  void absoluteDatesAloneAreUntouched(
      @ForAll("absoluteOnly") String text) {
    assertThat(RelativeDates.absolutize(text, LocalDate.of(2026, 5, 12)).text()).isEqualTo(text);
  }

  @Provide
  Arbitrary<String> absoluteOnly() {
    Arbitrary<String> date =
        Arbitraries.integers().between(0, 20000).map(d -> LocalDate.of(2000, 1, 1).plusDays(d).toString());
    Arbitrary<String> filler = Arbitraries.of(" ", ", ", " on ", " until ", "\n- ", " 到 ", "（", "）", " since ");
    return Arbitraries.oneOf(date, filler).list().ofMaxSize(20).map(l -> String.join("", l));
  }

  private static java.util.Map<String, Long> datesIn(String text) {
    return java.util.regex.Pattern.compile("\\d{4}-\\d{2}-\\d{2}")
        .matcher(text)
        .results()
        .collect(java.util.stream.Collectors.groupingBy(r -> r.group(), java.util.stream.Collectors.counting()));
  }

  private static boolean isSubsequence(String small, String big) {
    int i = 0;
    for (int j = 0; j < big.length() && i < small.length(); j++) {
      if (small.charAt(i) == big.charAt(j)) {
        i++;
      }
    }
    return i == small.length();
  }
}
