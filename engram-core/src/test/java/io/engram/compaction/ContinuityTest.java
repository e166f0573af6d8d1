package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ContinuityTest {
  /** gqc.6 in progress, gqc.7 open; "now add the flash display to the template." was said and done. */
  private static final Continuity STATE = new Continuity(List.of("gqc.6", "gqc.7"), Optional.of("gqc.6"),
      List.of("gqc.6"), List.of("now add the flash display to the template."));

  private static double next(String nextStep) {
    return STATE.score(SummarySections.parse(DegradationLadderTest.summary("App.java was edited.",
        "- [in progress] gqc.6 and [open] gqc.7 are still to do.", "Working on gqc.6 at the cut.", nextStep)))
        .next();
  }

  @Test
  void anImperativeThatNamesTheNextActionEarnsTheNextStepWhenItsLineExplainsIt() {
    assertThat(next("Continue completing gqc.6. The parser still needs its tests and a compile check.")).isEqualTo(30);
    assertThat(next("- **Finish gqc.6**: write its tests, then run the whole suite before the commit.")).isEqualTo(30);
  }

  @Test
  void namingTheTaskWithNothingSaidAroundItEarnsNothing() {
    assertThat(next("Continue gqc.6.")).isZero();
    assertThat(next("gqc.6 next step continue so far")).isZero();
  }

  @Test
  void theActionMustBeInTheFirstSentenceNotLaterInTheLine() {
    assertThat(next("Keep going with the work as it was planned. Then gqc.6 gets its tests.")).isZero();
  }

  @Test
  void aQuoteOfSomethingAlreadyDoneIsStale() {
    assertThat(next("Now add the flash display to the template, as the plan says.")).isZero();
  }
}
