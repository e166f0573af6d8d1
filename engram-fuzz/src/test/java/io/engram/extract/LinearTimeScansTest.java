package io.engram.extract;

import static io.engram.testing.AdversarialText.shape;

import io.engram.testing.AdversarialText;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The extraction rules (sentences, intents, facts, dates, references, profiles, secrets) scan long text in linear
 * time.
 */
class LinearTimeScansTest {
  private final RuleBasedExtractor rules = new RuleBasedExtractor();

  @Test
  void theRulesReadLongUserTextInLinearTime() {
    AdversarialText.eachScansInTime(text -> rules.extract(List.of(TurnText.of(TurnRole.USER, text)), List.of()));
  }

  @Test
  void theRulesReadLongToolOutputInLinearTime() {
    AdversarialText.eachScansInTime(text -> rules.extract(List.of(TurnText.of(TurnRole.TOOL_OUTPUT, text)), List.of()));
  }

  @Test
  void manyShortRuleSentencesAreReadInLinearTime() {
    // Only the rule sentences: the shared shapes go through this same scan of user text in
    // theRulesReadLongUserTextInLinearTime (measuring them twice took a third of this class's processor time).
    AdversarialText.scansInTime(text -> rules.extract(List.of(TurnText.of(TurnRole.USER, text)), List.of()), List.of(
        shape("rule sentences", n -> "Always use pnpm, not npm. ".repeat(n / 26)),
        shape("dated sentences", n -> "The release freeze is on 2026-01-02. ".repeat(n / 37)),
        shape("reference sentences", n -> "The dashboard is https://grafana.example.com/d/ci. ".repeat(n / 51)),
        shape("profile sentences", n -> "I am a backend engineer. ".repeat(n / 25))));
  }

  @Test
  void sentencesLongerThanAnyStatedRuleAreLeftToTheModel() {
    String pasted = "We use pnpm " + "x".repeat(2_000) + ", not npm.";
    org.assertj.core.api.Assertions.assertThat(rules.extract(List.of(TurnText.of(TurnRole.USER, pasted)), List.of()))
        .isEmpty();
    org.assertj.core.api.Assertions.assertThat(
        rules.extract(List.of(TurnText.of(TurnRole.USER, "We use pnpm, not npm.")), List.of())).isNotEmpty();
  }

  @Test
  void longShellCommandsAreReadWithoutRunningOutOfStack() {
    AdversarialText.eachScansInTime(line -> Commands.split(line).forEach(Commands::general),
        shape("a long quoted argument", n -> "python3 -c \"" + "x".repeat(n) + "\" && ls"),
        shape("a quoted argument full of escapes", n -> "echo \"" + "\\\"a".repeat(n / 3) + "\""),
        shape("an unclosed quote full of escaped quotes", n -> "echo \"" + "\\\"".repeat(n / 2)),
        shape("a long single-quoted argument", n -> "echo '" + "y ".repeat(n / 2) + "'"),
        shape("a run of assignments", n -> "A=b ".repeat(n / 4) + "make"),
        shape("a run of paths", n -> "cat " + "a/b ".repeat(n / 4)),
        shape("a run of identifiers", n -> "gh issue close " + "ab-12 ".repeat(n / 6)),
        shape("a long dotted identifier", n -> "bd close ab-1" + ".2".repeat(n / 2)));
  }
}
