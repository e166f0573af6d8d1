package io.engram.extract;

import io.engram.testing.AdversarialText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The extraction rules (sentences, intents, facts, dates, references, profiles, secrets) scan a megabyte in time. */
class LinearTimeScansTest {
  private final RuleBasedExtractor rules = new RuleBasedExtractor();

  @Test
  void theRulesReadAMegabyteOfUserTextInLinearTime() {
    AdversarialText.eachScansInTime(text -> rules.extract(List.of(TurnText.of(TurnRole.USER, text)), List.of()));
  }

  @Test
  void theRulesReadAMegabyteOfToolOutputInLinearTime() {
    AdversarialText.eachScansInTime(text -> rules.extract(List.of(TurnText.of(TurnRole.TOOL_OUTPUT, text)), List.of()));
  }

  @Test
  void aMegabyteOfShortRuleSentencesIsReadInLinearTime() {
    AdversarialText.eachScansInTime(text -> rules.extract(List.of(TurnText.of(TurnRole.USER, text)), List.of()),
        "rule sentences", "Always use pnpm, not npm. ".repeat(AdversarialText.SIZE / 26),
        "dated sentences", "The release freeze is on 2026-01-02. ".repeat(AdversarialText.SIZE / 37),
        "reference sentences", "The dashboard is https://grafana.example.com/d/ci. ".repeat(AdversarialText.SIZE / 51),
        "profile sentences", "I am a backend engineer. ".repeat(AdversarialText.SIZE / 25));
  }

  @Test
  void sentencesLongerThanAnyStatedRuleAreLeftToTheModel() {
    String pasted = "We use pnpm " + "x".repeat(2_000) + ", not npm.";
    org.assertj.core.api.Assertions.assertThat(rules.extract(List.of(TurnText.of(TurnRole.USER, pasted)), List.of()))
        .isEmpty();
    org.assertj.core.api.Assertions.assertThat(
        rules.extract(List.of(TurnText.of(TurnRole.USER, "We use pnpm, not npm.")), List.of())).isNotEmpty();
  }
}
