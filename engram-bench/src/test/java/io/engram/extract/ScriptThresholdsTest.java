package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The choice of a script's thresholds: the pair whose corrections found, less its wrong turns times the keyword
 * baseline's own rate, is highest; on equal values the higher bar.
 */
class ScriptThresholdsTest {
  private static final MemoryCandidate WRITTEN = new MemoryCandidate(CandidateAction.CREATE, "n", "d",
      CandidateType.FEEDBACK, "b", new MemoryCandidate.Provenance(CandidateSource.USER, true,
          new Evidence(0, 0, 1, "b"), RuleConfidence.SAID));

  private static CorrectionEvaluation.Item correction(String id) {
    return new CorrectionEvaluation.Item(id, "en", "", "Use pnpm here.",
        Optional.of(new CorrectionEvaluation.Expected("", "pnpm", "")));
  }

  private static CorrectionEvaluation.Item negative(String id) {
    return new CorrectionEvaluation.Item(id, "en", "", "Fix the button.", Optional.empty());
  }

  private static CorrectionEvaluation.Outcome found(CorrectionEvaluation.Item i, boolean found) {
    return new CorrectionEvaluation.Outcome(i, found, false, false, found ? List.of(WRITTEN) : List.of());
  }

  private static CorrectionEvaluation.Outcome written(CorrectionEvaluation.Item i, boolean written) {
    return new CorrectionEvaluation.Outcome(i, false, false, false, written ? List.of(WRITTEN) : List.of());
  }

  // k0: a correction the rules read (dropped only below keep); k1: one only the model finds (from min on);
  // k2: a wrong turn the rules write that the model vetoes; k3: a wrong turn the model adds; k4: another wrong turn
  private final CorrectionEvaluation.Item k0 = correction("a:o/r:c:0");
  private final CorrectionEvaluation.Item k1 = correction("a:o/r:c:1");
  private final CorrectionEvaluation.Item k2 = negative("a:o/r:c:2");
  private final CorrectionEvaluation.Item k3 = negative("a:o/r:c:3");
  private final CorrectionEvaluation.Item k4 = negative("a:o/r:c:4");
  private final double[] p = {0.5, 0.95, 0.05, 0.95, 0.05};
  private final List<List<CorrectionEvaluation.Outcome>> ranges = List.of(
      List.of(found(k0, false), found(k1, false), written(k2, false), written(k3, false), written(k4, false)),
      List.of(found(k0, true), found(k1, false), written(k2, true), written(k3, false), written(k4, false)),
      List.of(found(k0, true), found(k1, true), written(k2, true), written(k3, true), written(k4, false)),
      // beside an edit asked for: the same here, so the bar over an edit stays at 1
      List.of(found(k0, true), found(k1, true), written(k2, true), written(k3, true), written(k4, false)));

  @Test
  void aBaselineOfLowPrecisionLetsTheModelAddWhatItFinds() {
    // the baseline finds k0 and writes to two wrong turns: a find is worth two wrong turns
    List<CorrectionEvaluation.Outcome> baseline =
        List.of(found(k0, true), found(k1, false), written(k2, true), written(k3, false), written(k4, true));

    ScriptThresholds.Choice c = ScriptThresholds.best("other", p, ranges, baseline, k -> true);

    assertThat(c.baselineRate()).isEqualTo(0.5);
    // learnt below 1 finds k1 at the cost of k3, worth it at this rate; every keep of 0.1 or more vetoes k2, up to
    // k0's 0.5; the highest bars of equal value are kept
    assertThat(c.min()).isEqualTo(0.9);
    assertThat(c.keep()).isEqualTo(0.5);
    assertThat(c.over()).isEqualTo(1.0);
    assertThat(c.score().found()).isEqualTo(2);
    assertThat(c.score().negativesWritten()).isEqualTo(1);
  }

  @Test
  void aPreciseBaselineTurnsTheModelsAdditionsOff() {
    // the baseline finds both corrections and writes to one wrong turn: a find is worth half a wrong turn
    List<CorrectionEvaluation.Outcome> baseline =
        List.of(found(k0, true), found(k1, true), written(k2, true), written(k3, false), written(k4, false));

    ScriptThresholds.Choice c = ScriptThresholds.best("other", p, ranges, baseline, k -> true);

    assertThat(c.baselineRate()).isEqualTo(2.0);
    assertThat(c.min()).isEqualTo(1.0);
    assertThat(c.score().found()).isEqualTo(1);
    assertThat(c.score().negativesWritten()).isZero();
  }

  @Test
  void onlyTheTurnsOfTheScriptAreWeighed() {
    List<CorrectionEvaluation.Outcome> baseline =
        List.of(found(k0, true), found(k1, false), written(k2, true), written(k3, false), written(k4, true));

    // without k1 and k3 the model adds nothing worth its bar: the rules' reading with the veto stays
    ScriptThresholds.Choice c = ScriptThresholds.best("other", p, ranges, baseline, k -> k != 1 && k != 3);

    assertThat(c.score().corrections()).isEqualTo(1);
    assertThat(c.score().found()).isEqualTo(1);
    assertThat(c.min()).isEqualTo(1.0);
  }

  @Test
  void theBarOverAnEditIsLoweredWhereTheTurnsItKeepsAreCorrections() {
    // k1 is a correction inside a request: only kept whole beside the edit it asks for
    List<List<CorrectionEvaluation.Outcome>> beside = List.of(ranges.get(0), ranges.get(1),
        List.of(found(k0, true), found(k1, false), written(k2, true), written(k3, false), written(k4, false)),
        List.of(found(k0, true), found(k1, true), written(k2, true), written(k3, false), written(k4, false)));
    List<CorrectionEvaluation.Outcome> baseline =
        List.of(found(k0, true), found(k1, false), written(k2, true), written(k3, false), written(k4, true));

    ScriptThresholds.Choice c = ScriptThresholds.best("other", p, beside, baseline, k -> true);

    assertThat(c.over()).isLessThanOrEqualTo(0.9);
    assertThat(c.score().found()).isEqualTo(2);
    assertThat(c.score().negativesWritten()).isZero();
  }
}
