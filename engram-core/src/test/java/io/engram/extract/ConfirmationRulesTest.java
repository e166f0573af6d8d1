package io.engram.extract;

import static io.engram.extract.Fixtures.afterAssistant;
import static io.engram.extract.Fixtures.user;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfirmationRulesTest {

  @Test
  void strongConfirmationRecordsTheAssistantsApproach() {
    List<MemoryCandidate> c =
        afterAssistant(
            "I wrote the parser as a hand-rolled state machine instead of using regular expressions. Tests pass.",
            "Yes, exactly, keep doing that.");
    assertThat(c).singleElement().satisfies(m -> {
      assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK);
      assertThat(m.body()).contains("state machine");
      assertThat(m.provenance().source()).isEqualTo(CandidateSource.USER);
      assertThat(m.provenance().evidence().turnIndex()).isEqualTo(1);
    });
  }

  @Test
  void chineseConfirmation() {
    assertThat(afterAssistant("我把每个接口的错误码都集中放进了一个枚举里。", "对，就是这样，以后也这么做。"))
        .singleElement()
        .satisfies(m -> assertThat(m.body()).contains("错误码"));
  }

  @Test
  void politeThanksIsNotAConfirmationOfAWayOfWorking() {
    assertThat(afterAssistant("I fixed the typo in the README.", "Thanks, that worked.")).isEmpty();
    assertThat(afterAssistant("I fixed the typo in the README.", "Great!")).isEmpty();
    assertThat(afterAssistant("我修好了这个拼写错误。", "好的，谢谢。")).isEmpty();
  }

  @Test
  void confirmationWithoutAPrecedingApproachYieldsNothing() {
    assertThat(user("Yes, exactly, keep doing that.")).isEmpty();
    assertThat(afterAssistant("Done?", "Keep doing that.")).isEmpty();
  }
}
