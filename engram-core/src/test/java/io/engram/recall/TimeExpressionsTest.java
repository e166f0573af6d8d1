package io.engram.recall;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TimeExpressionsTest {

  @Test
  void whenAndHowLongQuestionsAskWhen() {
    assertThat(TimeExpressions.asksWhen("When did Melanie paint a sunrise?")).isTrue();
    assertThat(TimeExpressions.asksWhen("How long has Caroline had her friends?")).isTrue();
    assertThat(TimeExpressions.asksWhen("In what year did we move to Postgres?")).isTrue();
    assertThat(TimeExpressions.asksWhen("What did Melanie paint?")).isFalse();
    assertThat(TimeExpressions.asksWhen("Whenever the build breaks, who fixes it?")).isFalse();
  }

  @Test
  void relativeDaysMonthsYearsAndDatesSayWhen() {
    assertThat(TimeExpressions.saysWhen("I went to a support group yesterday")).isTrue();
    assertThat(TimeExpressions.saysWhen("we switched last week")).isTrue();
    assertThat(TimeExpressions.saysWhen("She started two years ago")).isTrue();
    assertThat(TimeExpressions.saysWhen("the release of March 2024")).isTrue();
    assertThat(TimeExpressions.saysWhen("fixed on 2024-03-01")).isTrue();
    assertThat(TimeExpressions.saysWhen("see you next Friday")).isTrue();
  }

  @Test
  void theVerbMayAndPlainWordsDoNotSayWhen() {
    assertThat(TimeExpressions.saysWhen("you may want to try pottery")).isFalse();
    assertThat(TimeExpressions.saysWhen("the cache keeps the vectors")).isFalse();
    assertThat(TimeExpressions.saysWhen("that was a long day")).isFalse();
  }
}
