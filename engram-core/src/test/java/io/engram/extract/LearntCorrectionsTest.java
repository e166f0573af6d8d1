package io.engram.extract;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.ExtractionSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The learnt correction model inside the offline extractor: a turn the rules pass over is kept whole when the model
 * finds it a correction, a correction the rules read goes when the model finds its turn unlike any, and the rules'
 * reading of the work at hand is not overruled. A model of a few weights stands in for the shipped one, so what is
 * tested is the mechanism, not the weights.
 */
class LearntCorrectionsTest {
  private static final CorrectionClassifier LIKES_OVERENGINEERING =
      new CorrectionClassifier(Map.of("__bias", -3.0, "w:overengineering", 6.0));
  private static final CorrectionClassifier FINDS_NOTHING = new CorrectionClassifier(Map.of("__bias", -10.0));

  private static List<MemoryCandidate> extract(CorrectionClassifier model, ExtractionSettings settings,
      String text) {
    return new RuleBasedExtractor(settings, model).extract(List.of(TurnText.of(TurnRole.USER, text)), List.of());
  }

  // The model adding and dropping in every script (the defaults turn it off outside Chinese), so the mechanism shows.
  private static final ExtractionSettings ADDING = ExtractionSettings.DEFAULTS.with("learntCorrectionMin", 0.9)
      .with("learntCorrectionKeep", 0.2);

  private static List<MemoryCandidate> extract(CorrectionClassifier model, String text) {
    return extract(model, ADDING, text);
  }

  @Test
  void aTurnTheRulesPassOverIsKeptWholeWhenTheModelFindsACorrection() {
    String turn = "The evaluation harness is a bit much. You are overengineering too early; ship the simple loop"
        + " first, because nobody reads its numbers.";

    assertThat(Fixtures.rulesOnly(turn)).isEmpty();
    assertThat(extract(LIKES_OVERENGINEERING, turn)).singleElement().satisfies(m -> {
      assertThat(m.type()).isEqualTo(CandidateType.FEEDBACK);
      assertThat(m.body()).contains("overengineering too early", "ship the simple loop", "nobody reads its numbers");
      assertThat(m.provenance().evidence().quote()).isEqualTo(m.body());
    });
  }

  @Test
  void theRulesReadingOfTheWorkAtHandIsNotOverruled() {
    assertThat(extract(LIKES_OVERENGINEERING, "Stop overengineering this function for now.")).isEmpty();
    assertThat(extract(LIKES_OVERENGINEERING, "Isn't this overengineering?")).isEmpty();
  }

  @Test
  void aDontOfWhatTheAgentJustDidIsNotKeptHoweverSureTheModel() {
    CorrectionClassifier likesEveryTurn = new CorrectionClassifier(Map.of("__bias", 5.0));

    assertThat(extract(likesEveryTurn, "no don't set it, let's see if it keeps happening")).isEmpty();
    assertThat(extract(likesEveryTurn, "nah, they don't really need to exist in the future state")).isEmpty();
    assertThat(extract(likesEveryTurn, "You are overengineering too early.")).hasSize(1);
  }

  @Test
  void aTurnLongerThanTheLimitIsNotKeptWhole() {
    StringBuilder turn = new StringBuilder("You are overengineering too early.");
    for (int i = 1; i <= 20; i++) {
      turn.append(" Step ").append(i).append(" of the loop works today.");
    }
    assertThat(extract(LIKES_OVERENGINEERING, turn.toString())).isEmpty();
    assertThat(extract(LIKES_OVERENGINEERING,
        ADDING.with("learntCorrectionMaxChars", 2_000), turn.toString())).hasSize(1);
  }

  @Test
  void aCorrectionTheRulesReadGoesWhenTheModelFindsItsTurnUnlikeAnyButOtherKindsStay() {
    String correction = "Don't use npm in this repo, use pnpm.";
    assertThat(Fixtures.rulesOnly(correction)).isNotEmpty();
    assertThat(extract(FINDS_NOTHING, correction)).isEmpty();
    assertThat(extract(FINDS_NOTHING, ExtractionSettings.DEFAULTS.with("learntCorrectionKeep", 0.0),
        correction)).isNotEmpty();
    String reference = "The runbook is at https://wiki.example.com/runbooks/deploy.";
    assertThat(extract(FINDS_NOTHING, reference)).isEqualTo(Fixtures.rulesOnly(reference));
  }

  @Test
  void aMinimumOfOneTurnsTheModelOff() {
    ExtractionSettings off = ExtractionSettings.DEFAULTS.with("learntCorrectionMin", 1.0)
        .with("learntCorrectionKeep", 0.0);
    assertThat(extract(LIKES_OVERENGINEERING, off, "You are overengineering too early.")).isEmpty();
  }

  @Test
  void aChineseTurnIsJudgedByTheHanThresholdsAndOthersByTheirOwn() {
    // the same model, the same probability (0.5) for every turn: only the script's thresholds differ
    CorrectionClassifier halfSure = new CorrectionClassifier(Map.of("__bias", 0.0));
    String chinese = "代码评审的意见太啰嗦了，只写结论和需要改的地方，因为没人读长篇大论。";
    String english = "The review comments are too wordy; write only the verdict and what to change, because nobody"
        + " reads essays.";
    assertThat(CorrectionFeatures.han(chinese)).isTrue();
    assertThat(CorrectionFeatures.han(english)).isFalse();
    assertThat(Fixtures.rulesOnly(chinese)).isEmpty();
    assertThat(Fixtures.rulesOnly(english)).isEmpty();

    ExtractionSettings hanBarHigher = ExtractionSettings.DEFAULTS.with("learntCorrectionMin", 0.4)
        .with("learntCorrectionMinHan", 0.6);
    assertThat(extract(halfSure, hanBarHigher, english)).singleElement()
        .satisfies(m -> assertThat(m.body()).contains("nobody reads essays"));
    assertThat(extract(halfSure, hanBarHigher, chinese)).isEmpty();

    ExtractionSettings latinBarHigher = ExtractionSettings.DEFAULTS.with("learntCorrectionMin", 0.6)
        .with("learntCorrectionMinHan", 0.4);
    assertThat(extract(halfSure, latinBarHigher, english)).isEmpty();
    assertThat(extract(halfSure, latinBarHigher, chinese)).singleElement()
        .satisfies(m -> assertThat(m.body()).contains("没人读长篇大论"));
  }

  @Test
  void aChineseCorrectionTheRulesReadIsKeptOrDroppedByTheHanKeepThreshold() {
    CorrectionClassifier unsure = new CorrectionClassifier(Map.of("__bias", Math.log(0.15 / 0.85)));
    String chinese = "不要再用 moment 了，它太大了。";
    String english = "Don't use npm in this repo, use pnpm.";
    assertThat(Fixtures.rulesOnly(chinese)).isNotEmpty();
    ExtractionSettings hanKeepsLess = ExtractionSettings.DEFAULTS.with("learntCorrectionKeep", 0.1)
        .with("learntCorrectionKeepHan", 0.2);

    assertThat(extract(unsure, hanKeepsLess, chinese)).isEmpty();
    assertThat(extract(unsure, hanKeepsLess, english)).isNotEmpty();
    assertThat(extract(unsure, hanKeepsLess.with("learntCorrectionKeepHan", 0.1), chinese)).isNotEmpty();
  }

  @Test
  void aChineseCorrectionThatNamesWhatToUseInsteadIsNeverTheModelsToDrop() {
    CorrectionClassifier unsure = new CorrectionClassifier(Map.of("__bias", Math.log(0.15 / 0.85)));
    String whole = "别用 Moment.js，用 date-fns。";
    assertThat(Fixtures.rulesOnly(whole)).isNotEmpty();
    assertThat(extract(unsure, ExtractionSettings.DEFAULTS.with("learntCorrectionKeepHan", 0.9), whole))
        .isEqualTo(Fixtures.rulesOnly(whole));
  }

  @Test
  void inAChineseTurnEveryRuleTheRulesReadIsTheModelsToWeighInOtherScriptsAStatedOneStays() {
    // 注意 reads as "note that", a rule asked to be kept; in Chinese it as often opens one step of the task at hand
    String chinese = "注意，mouth 中字母是 ou，发音是 au";
    String english = "Note that the staging database is read-only.";
    assertThat(Fixtures.rulesOnly(chinese)).isNotEmpty();
    assertThat(Fixtures.rulesOnly(english)).isNotEmpty();

    assertThat(extract(FINDS_NOTHING, chinese)).isEmpty();
    assertThat(extract(FINDS_NOTHING, ExtractionSettings.DEFAULTS.with("learntCorrectionKeepHan", 0.0), chinese))
        .isEqualTo(Fixtures.rulesOnly(chinese));
    assertThat(extract(FINDS_NOTHING, english)).isEqualTo(Fixtures.rulesOnly(english));
    // a Chinese project fact is no correction: the model does not weigh it
    String fact = "我们用 pnpm 管理依赖，仓库是 monorepo。";
    assertThat(Fixtures.rulesOnly(fact)).isNotEmpty().allMatch(m -> m.type() != CandidateType.FEEDBACK);
    assertThat(extract(FINDS_NOTHING, fact)).isEqualTo(Fixtures.rulesOnly(fact));
  }
}
